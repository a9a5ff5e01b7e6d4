import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from '../../common/guards/jwt-auth.guard';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { RUNTIME_SECRETS } from '../../config/config.module';
import type { RuntimeSecrets } from '../../config/runtime-secrets';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { ActiveMembersCache } from './active-members.cache';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [RUNTIME_SECRETS],
      useFactory: (secrets: RuntimeSecrets) => ({ secret: secrets.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
    RateLimitModule,
    UsersModule,
    MediaModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, ActiveMembersCache, { provide: APP_GUARD, useClass: JwtAuthGuard }],
})
export class AuthModule {}
