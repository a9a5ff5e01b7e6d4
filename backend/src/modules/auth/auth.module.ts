import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { JwtAuthGuard } from '../../common/guards/jwt-auth.guard';
import { APP_CONFIG, RUNTIME_SECRETS } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
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
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'auth', ttl: 60_000, limit: config.authRateLimitPerMinute }],
        errorMessage: 'Too many attempts from this address; wait a minute and try again',
      }),
    }),
    UsersModule,
    MediaModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, ActiveMembersCache, { provide: APP_GUARD, useClass: JwtAuthGuard }],
})
export class AuthModule {}
