import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobRunner } from '../jobs/job-runner';
import { BUSY_RETRY_MS, JobDispatcher } from './job-dispatcher';

export const GENERATION_QUEUE = 'generation';

interface QueuedJob {
  jobId: string;
}

/** ioredis options from REDIS_URL; BullMQ workers need `maxRetriesPerRequest: null` for their blocking reads. */
export function redisOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Job ids go through a BullMQ queue in Redis, so separate worker processes (`npm run worker`) can run
 * them. A delivery's BullMQ id is `<job>.<attempt>`: adding it twice is a no-op, a requeue gets a new one.
 */
@Injectable()
export class BullMqDispatcher extends JobDispatcher {
  readonly name = 'bullmq';

  constructor(@InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<QueuedJob>) {
    super();
  }

  async enqueue(jobId: string, options: { attempt?: number; delayMs?: number } = {}): Promise<void> {
    const attempt = options.attempt ?? 0;
    const deliveryId = options.delayMs ? `${jobId}.${attempt}.retry-${Date.now()}` : `${jobId}.${attempt}`;
    await this.queue.add(
      'run',
      { jobId },
      { jobId: deliveryId, delay: options.delayMs, removeOnComplete: true, removeOnFail: true },
    );
  }
}

/** The BullMQ consumer: API processes with GENERATION_CONSUMER=true and every `npm run worker` process. */
@Processor(GENERATION_QUEUE)
export class GenerationProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(GenerationProcessor.name);

  constructor(
    private readonly runner: JobRunner,
    private readonly dispatcher: JobDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.generation.concurrency;
  }

  async process(job: Job<QueuedJob>): Promise<void> {
    const { jobId } = job.data;
    const outcome = await this.runner.run(jobId);
    // Both leave the job IN_QUEUE in the database: offer it again, here or to another consumer.
    if (outcome === 'deferred') await this.dispatcher.enqueue(jobId, { delayMs: BUSY_RETRY_MS });
    if (outcome === 'handed-back') await this.dispatcher.enqueue(jobId, { delayMs: 1 });
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`Queue consumer: ${error.message}`);
  }
}
