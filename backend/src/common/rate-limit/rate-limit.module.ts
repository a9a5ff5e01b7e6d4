import { Module, type ExecutionContext } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { limitOf, memberWriteOf, THROTTLERS, type ThrottlerName } from './rate-limits';

/** Each throttler counts only the routes that name it (`@RateLimited`, `@MemberWriteLimit`). */
const onlyItsRoutes = (name: ThrottlerName) => (context: ExecutionContext) => limitOf(context) !== name;

function limitMessage(context: ExecutionContext, { timeToBlockExpire }: ThrottlerLimitDetail): string {
  switch (limitOf(context)) {
    case THROTTLERS.writes:
      return `Too many ${memberWriteOf(context) ?? 'changes'} in a minute; wait ${timeToBlockExpire} s and try again`;
    case THROTTLERS.generation:
      return 'Too many generation jobs from this address; wait a minute and try again';
    case THROTTLERS.admin:
      return `Too many admin changes from this address in a minute; wait ${timeToBlockExpire} s and try again`;
    case THROTTLERS.contact:
      return `Too many messages from this address; wait ${Math.ceil(timeToBlockExpire / 60)} min and try again`;
    default:
      return 'Too many attempts from this address; wait a minute and try again';
  }
}

/** Counts in Redis, shared by every API process; ioredis is loaded only for a site that has one. */
async function sharedStorage(redisUrl: string) {
  const { SharedThrottlerStorage } = await import('./shared-throttler-storage');
  return new SharedThrottlerStorage(redisUrl);
}

/**
 * The API's rate limits, one named throttler per concern. With REDIS_URL the counts live in Redis,
 * shared by every API process (keys start with QUEUE_PREFIX, so sites sharing a Redis count apart);
 * without it, in this process's memory.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => ({
        throttlers: [
          { name: THROTTLERS.auth, ttl: 60_000, limit: config.authRateLimitPerMinute, skipIf: onlyItsRoutes(THROTTLERS.auth) },
          { name: THROTTLERS.generation, ttl: 60_000, limit: config.generation.rateLimitPerMinute, skipIf: onlyItsRoutes(THROTTLERS.generation) },
          { name: THROTTLERS.writes, ttl: 60_000, limit: config.memberWritesPerMinute, skipIf: onlyItsRoutes(THROTTLERS.writes) },
          // Every admin write counts against one allowance per address, whichever route it is.
          { name: THROTTLERS.admin, ttl: 60_000, limit: config.adminWritesPerMinute, skipIf: onlyItsRoutes(THROTTLERS.admin) },
          { name: THROTTLERS.contact, ttl: 3_600_000, limit: config.contact.messagesPerIpPerHour, skipIf: onlyItsRoutes(THROTTLERS.contact) },
        ],
        // Auth routes count separately (login vs register), each kind of member write too; generation starts share one count.
        generateKey: (context, tracker, name) => {
          const scope = name === THROTTLERS.generation || name === THROTTLERS.admin ? name : `${name}:${context.getClass().name}.${context.getHandler().name}`;
          return `${config.generation.queuePrefix}:${scope}:${tracker}`;
        },
        storage: config.redisUrl ? await sharedStorage(config.redisUrl) : undefined,
        errorMessage: limitMessage,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
