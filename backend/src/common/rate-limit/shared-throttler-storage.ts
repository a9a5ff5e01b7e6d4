import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A rate-limit count waits this long for Redis before this process counts alone. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Rate-limit counts in Redis (`REDIS_URL`), shared by every API process: two processes behind one
 * proxy allow the limit, not twice it. While Redis does not answer, requests are counted in this
 * process's memory instead, so a login is neither refused nor let through unlimited for that.
 */
export class SharedThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new ThrottlerStorageService();
  private countingLocally = false;

  constructor(redisUrl: string) {
    this.redis = new Redis(redisUrl, {
      enableOfflineQueue: false, // refused at once while disconnected, not queued behind a request
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    this.redis.on('error', () => undefined); // it reconnects by itself; increment() says when it is away
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    try {
      const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      if (this.countingLocally) this.logger.log('Redis answers again: rate limits are shared by every process');
      this.countingLocally = false;
      return record;
    } catch (error) {
      if (!this.countingLocally) this.logger.warn({ err: error }, 'Redis does not answer: rate limits count in this process only until it does');
      this.countingLocally = true;
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
    this.local.onApplicationShutdown();
  }
}
