import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { RUNTIME_SECRETS } from '../../config/config.module';
import type { RuntimeSecrets } from '../../config/runtime-secrets';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { ActiveMembersCache } from './active-members.cache';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [RUNTIME_SECRETS],
      useFactory: (secrets: RuntimeSecrets) => {
        // A KeyObject, made once: given a string, jsonwebtoken makes one anew for every token it checks.
        const key = createSecretKey(Buffer.from(secrets.jwtSecret));
        return { secretOrKeyProvider: () => key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } };
      },
    }),
    RateLimitModule,
    UsersModule,
    MediaModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, ActiveMembersCache, { provide: APP_GUARD, useClass: JwtAuthGuard }],
})
export class AuthModule {}
