import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { DATABASE_HANDLE } from '../../../db/database.module';
import type { DatabaseHandle } from '../../../db/database';
import { JobDispatcher } from '../dispatch/job-dispatcher';
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
    // Embedded PGlite belongs to this process alone (the data-dir lock): whatever it shows running was cut off.
    await this.recoverInterrupted(this.database.driver === 'pglite' ? 'all' : new Date(Date.now() - STALE_AFTER_MS));
    await this.redeliverQueued();
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
    for (const job of requeued) await this.dispatcher.enqueue(job.id, { attempt: job.attempts });
  }

  /** Queued jobs are offered again; a delivery still waiting in the queue makes this a no-op. */
  async redeliverQueued(): Promise<void> {
    for (const job of await this.jobs.queued()) await this.dispatcher.enqueue(job.id, { attempt: job.attempts });
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
        .catch((error: unknown) => this.logger.warn(`Job maintenance failed: ${String(error)}`))
        .finally(() => (busy = false));
    }, ms);
    this.timers.push(timer.unref());
  }
}
