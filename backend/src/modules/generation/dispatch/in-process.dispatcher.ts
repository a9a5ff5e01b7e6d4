import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobRunner } from '../jobs/job-runner';
import { BUSY_RETRY_MS, JobDispatcher, type DeliveryOptions } from './job-dispatcher';

/**
 * The default dispatcher (no Redis): a FIFO in this process, GENERATION_CONCURRENCY jobs at a time.
 * Nothing here survives a restart, and nothing needs to: start-up requeues from the jobs table.
 */
@Injectable()
export class InProcessDispatcher extends JobDispatcher implements BeforeApplicationShutdown {
  readonly name = 'in-process';
  private readonly logger = new Logger(InProcessDispatcher.name);
  private readonly waiting: string[] = [];
  private readonly delayed = new Map<string, NodeJS.Timeout>();
  private active = 0;
  private stopped = false;

  constructor(
    private readonly runner: JobRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** The queue is this process's memory: always there while the process is. */
  available(): boolean {
    return true;
  }

  onReconnect(): void {
    // Never disconnected.
  }

  async enqueue(jobId: string, options: DeliveryOptions = {}): Promise<void> {
    if (!options.delayMs) return this.offer(jobId);
    if (this.stopped || this.delayed.has(jobId)) return;
    const timer = setTimeout(() => {
      this.delayed.delete(jobId);
      this.offer(jobId);
    }, options.delayMs);
    this.delayed.set(jobId, timer);
  }

  // A job already waiting, or held back for a retry, is not offered twice.
  private offer(jobId: string): void {
    if (this.stopped || this.waiting.includes(jobId) || this.delayed.has(jobId)) return;
    this.waiting.push(jobId);
    this.drain();
  }

  private drain(): void {
    while (!this.stopped && this.active < this.config.generation.concurrency && this.waiting.length > 0) {
      const jobId = this.waiting.shift()!;
      this.active += 1;
      this.runner
        .run(jobId)
        .then((outcome) => (outcome === 'deferred' ? this.enqueue(jobId, { delayMs: BUSY_RETRY_MS }) : undefined))
        .catch((error: unknown) => this.logger.error({ err: error }, `Job ${jobId} could not be run`))
        .finally(() => {
          this.active -= 1;
          this.drain();
        });
    }
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    for (const timer of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
  }
}
