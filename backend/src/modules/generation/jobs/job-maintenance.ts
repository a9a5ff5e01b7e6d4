import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { DATABASE_HANDLE } from '../../../db/database.module';
import type { DatabaseHandle } from '../../../db/database';
import { JobDispatcher, QueueUnavailableError } from '../dispatch/job-dispatcher';
import { STALE_AFTER_MS } from './job-runner';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

const SWEEP_MS = 5_000;
const REDELIVER_MS = 60_000;
const RETENTION_MS = 10 * 60_000;
/** Runs of one job that ended with its runner gone; beyond this the job fails instead of looping. */
export const MAX_ATTEMPTS = 3;

/**
 * Keeps the jobs table honest, in every process that runs jobs: at start-up it requeues jobs a crash
 * interrupted and offers every queued job again; then it keeps requeueing jobs whose runner died,
 * times out jobs nobody took, and deletes results older than GENERATION_RETENTION_DAYS.
 */
@Injectable()
export class JobMaintenance implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobMaintenance.name);
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly jobs: JobsRepository,
    private readonly dispatcher: JobDispatcher,
    private readonly jobsService: JobsService,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Redis may have come back empty: what it held is still queued in the database.
    this.dispatcher.onReconnect(() => {
      this.redeliverQueued().catch((error: unknown) => this.logger.warn({ err: error }, 'Redelivering queued jobs failed'));
    });
    // Embedded PGlite belongs to this process alone (the data-dir lock): whatever it shows running was cut off.
    await this.recoverInterrupted(this.database.driver === 'pglite' ? 'all' : new Date(Date.now() - STALE_AFTER_MS));
    // A consumer killed just after taking a delivery, before claiming its job, leaves that delivery
    // held in the queue until BullMQ notices the stall (a minute or more): deliver every queued job
    // afresh; whichever delivery comes first runs it, the others find it taken.
    await this.redeliverQueued({ fresh: true });
    await this.deleteExpired();
    this.every(SWEEP_MS, async () => {
      await this.recoverInterrupted(new Date(Date.now() - STALE_AFTER_MS));
      await this.timeOutWaiting();
    });
    this.every(REDELIVER_MS, () => this.redeliverQueued());
    this.every(RETENTION_MS, async () => void (await this.deleteExpired()));
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  async recoverInterrupted(staleBefore: Date | 'all'): Promise<void> {
    const { requeued, failed } = await this.jobs.recoverInterrupted(staleBefore, MAX_ATTEMPTS);
    if (requeued.length) this.logger.warn(`Requeued ${requeued.length} interrupted job(s): ${requeued.map((job) => job.id).join(', ')}`);
    if (failed.length) this.logger.error(`Gave up on ${failed.length} job(s) interrupted ${MAX_ATTEMPTS} times: ${failed.join(', ')}`);
    await this.deliver(requeued);
  }

  /** Queued jobs are offered again; unless `fresh`, a delivery still waiting in the queue makes this a no-op. */
  async redeliverQueued(options: { fresh?: boolean } = {}): Promise<void> {
    await this.deliver(await this.jobs.queued(), options);
  }

  /** Hands jobs to the queue. While it is down they wait in the database, and are offered again when it is back. */
  private async deliver(jobs: ReadonlyArray<{ id: string; attempts: number }>, options: { fresh?: boolean } = {}): Promise<void> {
    for (const [index, job] of jobs.entries()) {
      try {
        await this.dispatcher.enqueue(job.id, { ...options, attempt: job.attempts });
      } catch (error) {
        if (!(error instanceof QueueUnavailableError)) throw error;
        this.logger.warn(`${jobs.length - index} queued job(s) wait for the job queue to answer`);
        return;
      }
    }
  }

  async timeOutWaiting(): Promise<void> {
    const limitMs = this.config.generation.queueTimeoutMs;
    const ids = await this.jobs.timeOutQueued(
      new Date(Date.now() - limitMs),
      `No runner took the job within ${Math.round(limitMs / 1000)} s; is a generation worker running?`,
    );
    if (ids.length) this.logger.warn(`Timed out ${ids.length} job(s) nobody ran`);
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    const deleted = await this.jobsService.deleteFinished(new Date(now - this.config.generation.retentionMs));
    if (deleted) this.logger.log(`Deleted ${deleted} finished job(s) and their pictures past retention`);
    return deleted;
  }

  private every(ms: number, task: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      task()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Job maintenance failed'))
        .finally(() => (busy = false));
    }, ms);
    this.timers.push(timer.unref());
  }
}
