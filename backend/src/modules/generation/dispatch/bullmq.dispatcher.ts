import { BullModule, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
  type DynamicModule,
  type Type,
} from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { unavailableDependency } from '../../../common/errors/unavailable-dependency';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobRunner } from '../jobs/job-runner';
import { BUSY_RETRY_MS, JobDispatcher, QueueUnavailableError, type DeliveryOptions } from './job-dispatcher';

const GENERATION_QUEUE = 'generation';

interface QueuedJob {
  jobId: string;
}

/** How long a lost Redis connection waits between attempts: an outage ends within this of Redis returning. */
const RECONNECT_MAX_DELAY_MS = 2_000;
/** Boot waits this long for Redis, so the first requests find the queue connected; then it goes on without. */
const BOOT_WAIT_MS = 5_000;

/**
 * ioredis options from REDIS_URL for BullMQ's consumers: their blocking reads need
 * `maxRetriesPerRequest: null` (a command waits for the connection to come back).
 */
function redisOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_MAX_DELAY_MS),
  };
}

/**
 * The producer's options: while Redis is down a command fails at once instead of waiting in
 * ioredis's offline queue, so adding a job never holds an HTTP request (BullMQ's "failing fast
 * when Redis is down" pattern). The job row stays queued and is delivered once Redis is back.
 */
export function producerRedisOptions(redisUrl: string): RedisOptions {
  return { ...redisOptions(redisUrl), maxRetriesPerRequest: 1, enableOfflineQueue: false };
}

/**
 * Job ids go through a BullMQ queue in Redis, so separate worker processes (`npm run worker`) can run
 * them. A delivery's BullMQ id is `<job>.<attempt>`: adding it twice is a no-op, a requeue gets a new
 * one, and so does a retry or a fresh delivery (the runner's claim keeps duplicates from running twice).
 */
@Injectable()
export class BullMqDispatcher extends JobDispatcher implements OnModuleInit, OnApplicationShutdown {
  readonly name = 'bullmq';
  private readonly logger = new Logger(BullMqDispatcher.name);
  private readonly reconnectListeners: Array<() => void> = [];
  /** A producer of its own: the consumers' connection options would let a command wait forever. */
  private readonly queue: Queue<QueuedJob>;
  /** The producer's connection, once it first connected; its status says whether Redis answers. */
  private redis?: { status: string };
  private connected = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.queue = new Queue(GENERATION_QUEUE, { connection: producerRedisOptions(config.redisUrl!), prefix: config.generation.queuePrefix });
    // Without a listener BullMQ prints every failed reconnect attempt; one line per outage is enough.
    this.queue.on('error', (error) => {
      if (this.connected) this.logger.warn(`Lost the connection to Redis; new jobs are refused until it is back (${error.message})`);
      this.connected = false;
    });
    this.queue.client.then(
      (client) => {
        this.redis = client;
        this.connected = true;
        client.on('ready', () => {
          if (!this.connected) this.logger.log('Connected to Redis again');
          this.connected = true;
          for (const listener of this.reconnectListeners) listener();
        });
      },
      () => undefined, // closed before it ever connected
    );
  }

  async onModuleInit(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, BOOT_WAIT_MS)));
    await Promise.race([this.queue.waitUntilReady(), waited]).finally(() => clearTimeout(timer));
    if (!this.available()) this.logger.warn('Redis does not answer yet; new jobs are refused until it does');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  available(): boolean {
    return this.redis?.status === 'ready';
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  async enqueue(jobId: string, options: DeliveryOptions = {}): Promise<void> {
    // Before its first connection BullMQ would hold the call until Redis answers: refuse it at once.
    if (!this.available()) throw new QueueUnavailableError();
    const attempt = options.attempt ?? 0;
    const deliveryId = options.delayMs
      ? `${jobId}.${attempt}.retry-${Date.now()}`
      : options.fresh
        ? `${jobId}.${attempt}.again-${Date.now()}`
        : `${jobId}.${attempt}`;
    try {
      await this.queue.add('run', { jobId }, { jobId: deliveryId, delay: options.delayMs, removeOnComplete: true, removeOnFail: true });
    } catch (error) {
      throw unavailableDependency(error) === 'queue' ? new QueueUnavailableError() : error;
    }
  }
}

/** The BullMQ consumer: API processes with GENERATION_CONSUMER=true and every `npm run worker` process. */
@Processor(GENERATION_QUEUE)
export class GenerationProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(GenerationProcessor.name);
  private queueLost = false;

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

  // While Redis is down every reconnect attempt fails, a few times a second: one line per outage.
  @OnWorkerEvent('error')
  onError(error: Error): void {
    if (unavailableDependency(error) === 'queue' || isConnectionRefused(error)) {
      if (!this.queueLost) this.logger.warn(`Queue consumer lost Redis; it reconnects by itself (${error.message})`);
      this.queueLost = true;
      return;
    }
    this.logger.warn(`Queue consumer: ${error.message}`);
  }

  @OnWorkerEvent('ready')
  onReady(): void {
    if (this.queueLost) this.logger.log('Queue consumer connected to Redis again');
    this.queueLost = false;
  }
}

function isConnectionRefused(error: Error): boolean {
  return /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/.test((error as NodeJS.ErrnoException).code ?? '');
}

/** What GenerationModule adds with REDIS_URL: the dispatcher and, where jobs run here, the consumer and its queue. */
export interface BullMqWiring {
  imports: DynamicModule[];
  dispatcher: Type<JobDispatcher>;
  consumers: Type[];
}

export function bullMqWiring(redisUrl: string, queuePrefix: string, runsJobs: boolean): BullMqWiring {
  if (!runsJobs) return { imports: [], dispatcher: BullMqDispatcher, consumers: [] };
  return {
    // The consumers' queue (its options are what @Processor's worker connects with); the dispatcher
    // adds jobs through a producer connection of its own, which fails fast while Redis is down.
    imports: [
      BullModule.forRoot({ connection: redisOptions(redisUrl), prefix: queuePrefix }),
      BullModule.registerQueue({ name: GENERATION_QUEUE }),
    ],
    dispatcher: BullMqDispatcher,
    consumers: [GenerationProcessor],
  };
}
