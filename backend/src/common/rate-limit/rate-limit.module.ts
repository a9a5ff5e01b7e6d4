import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';

/**
 * Per-client-IP limits, one named throttler per concern. A controller guarded by ThrottlerGuard
 * skips the throttlers that are not its own (`@SkipThrottle({ name: true })`). Counts live in each
 * process's memory.
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
          name === THROTTLERS.generation ? `${name}:${tracker}` : `${name}:${context.getHandler().name}:${tracker}`,
        errorMessage: (context) =>
          MESSAGES[context.getClass().name] ?? 'Too many attempts from this address; wait a minute and try again',
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
