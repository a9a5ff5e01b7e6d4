import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { PROCEDURAL_SIZE } from '../procedural/procedural-renderer';
import { ProviderError } from '../providers/image-provider';
import { ResultFiles } from '../results/result-files';
import { WorkerPool } from '../workers/worker-pool';
import { WorkersRepository } from '../workers/workers.repository';
import { JobsRepository } from './jobs.repository';
import { ProgressRecorder } from './progress-recorder';
import { RenderWatch } from './render-watch';

/** What became of one attempt: `deferred` means every usable GPU worker was full, try again soon. */
export type RunOutcome = 'done' | 'skipped' | 'deferred' | 'handed-back';

/** How often a running job's row is touched, and after how long without a touch its runner counts as dead. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

/**
 * Runs one job, whichever dispatcher delivered it: claims it in the database, sends it to the
 * assigned provider under a time limit, stores the picture, records the outcome. The jobs table stays
 * the truth: a job ends COMPLETED or ERROR, or, when this process shuts down, goes back to the queue.
 */
@Injectable()
export class JobRunner implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(JobRunner.name);
  private readonly running = new Map<string, Promise<RunOutcome>>();
  /** Jobs claimed here and being generated, each with the switch that stops its provider once it is cancelled. */
  private readonly inFlight = new Map<string, AbortController>();
  private readonly shutdown = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly pool: WorkerPool,
    private readonly workers: WorkersRepository,
    private readonly results: ResultFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  /** Jobs this process is running now. */
  get activeCount(): number {
    return this.running.size;
  }

  async run(jobId: string): Promise<RunOutcome> {
    if (this.shutdown.signal.aborted) return 'handed-back';
    const pending = this.attempt(jobId);
    this.running.set(jobId, pending);
    try {
      return await pending;
    } finally {
      this.running.delete(jobId);
    }
  }

  private async attempt(jobId: string): Promise<RunOutcome> {
    const queued = await this.jobs.findById(jobId);
    if (queued?.status !== 'IN_QUEUE') return 'skipped';
    const assignment = await this.pool.assign();
    if (assignment.kind === 'busy') return 'deferred';
    if (assignment.kind === 'refused') {
      await this.jobs.finish(jobId, 'ERROR', assignment.reason);
      return 'done';
    }
    const job = await this.jobs.claim(jobId, {
      provider: assignment.providerName,
      workerId: assignment.workerId,
      seed: randomInt(0, 2 ** 32),
    });
    if (!job) return 'skipped'; // another runner got there first
    const { timeoutMs, queueTimeoutMs } = this.config.generation;
    const watch = new RenderWatch({ renderMs: timeoutMs, queueMs: queueTimeoutMs });
    const progress = new ProgressRecorder(this.jobs, job.id);
    const cancelled = new AbortController();
    this.inFlight.set(job.id, cancelled);
    try {
      const image = await assignment.provider.generate({
        prompt: job.prompt,
        seed: job.seed!,
        width: PROCEDURAL_SIZE,
        height: PROCEDURAL_SIZE,
        signal: AbortSignal.any([watch.signal, this.shutdown.signal, cancelled.signal]),
        report: (update) => progress.push(update, watch.report(update)),
      });
      await progress.close();
      const file = await this.results.save(job.id, image.png);
      if (!(await this.jobs.complete(job.id, { seed: image.seed, imageFile: file }))) await this.results.remove(file);
      return 'done';
    } catch (error) {
      await progress.close();
      // The job already ended (the owner cancelled it): its row says so, and must keep saying so.
      if (cancelled.signal.aborted) return 'done';
      if (this.shutdown.signal.aborted && !watch.overrun) {
        await this.jobs.putBack(job.id);
        return 'handed-back';
      }
      const who = capitalise(assignment.label);
      if (watch.overrun === 'queue') {
        // The worker is up, only busy: its health stays as it is.
        const waited = `${who} kept the job in its queue for more than ${queueTimeoutMs / 1000} s`;
        this.logger.warn({ jobId: job.id, workerId: assignment.workerId }, waited);
        await this.jobs.finish(job.id, 'TIMED_OUT', waited);
        return 'done';
      }
      const message =
        watch.overrun === 'render'
          ? `${who} did not finish within ${timeoutMs / 1000} s`
          : error instanceof ProviderError
            ? error.message
            : `${who} failed unexpectedly`;
      // The worker's own words go to the owner: the admin API keeps them, and so does the log.
      if (error instanceof ProviderError || watch.overrun) this.logger.warn({ jobId: job.id, workerId: assignment.workerId }, message);
      else this.logger.error({ err: error }, `Job ${job.id} failed`);
      await this.jobs.finish(job.id, 'ERROR', message);
      if (assignment.workerId !== 'procedural' && (watch.overrun || isUnreachable(error))) {
        await this.workers.recordHealth(assignment.workerId, 'unhealthy', message);
      }
      return 'done';
    } finally {
      watch.dispose();
      this.inFlight.delete(job.id);
    }
  }

  /** Stops the provider working on a job that ended meanwhile (cancelled); false if this process is not running it. */
  abort(jobId: string): boolean {
    const cancelled = this.inFlight.get(jobId);
    cancelled?.abort(new Error('the job was cancelled'));
    return cancelled !== undefined;
  }

  /**
   * Touches the rows of the jobs running here. A job whose row no longer shows it running was ended
   * elsewhere (cancelled through another process's API): its provider is stopped.
   */
  private beat(): void {
    const working = [...this.inFlight];
    this.jobs
      .heartbeat(working.map(([id]) => id))
      .then((running) => {
        for (const [id, cancelled] of working) {
          if (!running.includes(id) && this.inFlight.get(id) === cancelled) cancelled.abort(new Error('the job is no longer running'));
        }
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Job heartbeat failed'));
  }

  /** Stops providers at once; the jobs they were running go back to the queue before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort(new Error('shutting down'));
    await Promise.allSettled(this.running.values());
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A failure to reach the worker at all (refused, reset, DNS), as opposed to the worker answering with an error. */
function isUnreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET)$/.test(code)) return true;
  }
  return false;
}
