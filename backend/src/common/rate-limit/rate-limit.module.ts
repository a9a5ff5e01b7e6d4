import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { SharedThrottlerStorage } from './shared-throttler-storage';

/**
 * Per-client-IP limits, one named throttler per concern. A controller guarded by ThrottlerGuard
 * skips the throttlers that are not its own (`@SkipThrottle({ name: true })`). With REDIS_URL the
 * counts live in Redis, shared by every API process (keys start with QUEUE_PREFIX, so sites sharing
 * a Redis count apart); without it, in this process's memory.
 */
export const THROTTLERS = { auth: 'auth', generation: 'generation' } as const;

const MESSAGES: Record<string, string> = {
  GenerationController: 'Too many generation jobs from this address; wait a minute and try again',
};

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: THROTTLERS.auth, ttl: 60_000, limit: config.authRateLimitPerMinute },
          { name: THROTTLERS.generation, ttl: 60_000, limit: config.generation.rateLimitPerMinute },
        ],
        // Auth routes count separately (login vs register); generation starts share one count per IP.
        generateKey: (context, tracker, name) =>
          `${config.generation.queuePrefix}:${name === THROTTLERS.generation ? name : `${name}:${context.getHandler().name}`}:${tracker}`,
        storage: config.redisUrl ? new SharedThrottlerStorage(config.redisUrl) : undefined,
        errorMessage: (context) =>
          MESSAGES[context.getClass().name] ?? 'Too many attempts from this address; wait a minute and try again',
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
