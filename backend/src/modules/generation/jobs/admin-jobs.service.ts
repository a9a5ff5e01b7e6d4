import { Inject, Injectable, Optional } from '@nestjs/common';
import { JOB_STATUSES, type AdminJob, type DreamMode, type JobStatus, type JobsSummary, type PurgeJobsResult } from '@atelier/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { AppError } from '../../../common/errors/app-error';
import { isJobId, type ListJobsQuery } from '../generation.schemas';
import { ResultFiles } from '../results/result-files';
import { JobRunner } from './job-runner';
import { JobsRepository, type JobRow } from './jobs.repository';
import { JobsService } from './jobs.service';

const CANCELLED_BY_OWNER = 'Cancelled by the owner';
const RETRYABLE: readonly JobStatus[] = ['ERROR', 'CANCELLED', 'TIMED_OUT'];

/** The owner's view of generation jobs (`/api/admin/jobs`, `atelier jobs ...`). */
@Injectable()
export class AdminJobsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly jobsService: JobsService,
    private readonly results: ResultFiles,
    // Present only where this process runs jobs; elsewhere the runner's heartbeat notices a cancel.
    @Optional() private readonly runner?: JobRunner,
  ) {}

  async summary(): Promise<JobsSummary> {
    const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
    for (const { status, n } of await this.jobs.countByStatus()) counts[status] = Number(n);
    return { dispatcher: this.config.redisUrl ? 'bullmq' : 'in-process', consumer: this.config.generation.consumer, counts };
  }

  async list(query: ListJobsQuery): Promise<AdminJob[]> {
    const rows = await this.jobs.list(query);
    return rows.map((row) => this.toAdminJob(row));
  }

  async get(id: string): Promise<AdminJob> {
    return this.toAdminJob(await this.found(id));
  }

  /** A waiting or running job ends as CANCELLED; its runner, told or noticing, stops and leaves it so. */
  async cancel(id: string): Promise<AdminJob> {
    const job = await this.found(id);
    if (!(await this.jobs.finish(job.id, 'CANCELLED', CANCELLED_BY_OWNER))) {
      throw alreadyEnded(await this.found(id), 'cancelled');
    }
    this.runner?.abort(job.id);
    return this.get(job.id);
  }

  /**
   * A job that failed, was cancelled or timed out runs again as a new job with the same prompt (and
   * dream mode); the old one keeps its record. A new row, rather than a reset one, means a runner still
   * winding down the old attempt can never write over the new.
   */
  async retry(id: string): Promise<AdminJob> {
    const job = await this.found(id);
    if (!RETRYABLE.includes(job.status as JobStatus)) {
      throw new AppError('CONFLICT', `Job ${job.id} is ${job.status}; only ${RETRYABLE.join(', ')} jobs can be retried`);
    }
    const started = await this.jobsService.start({ prompt: job.prompt, dreamMode: (job.dreamMode as DreamMode | null) ?? undefined });
    return this.get(started.id);
  }

  async purge(olderThanMinutes: number): Promise<PurgeJobsResult> {
    return { deleted: await this.jobsService.deleteFinished(new Date(Date.now() - olderThanMinutes * 60_000)) };
  }

  private async found(id: string): Promise<JobRow> {
    const job = isJobId(id) ? await this.jobs.findById(id) : undefined;
    if (!job) throw new AppError('NOT_FOUND', `No generation job with id ${id}`);
    return job;
  }

  private toAdminJob(job: JobRow): AdminJob {
    const started = job.startedAt?.getTime();
    const finished = job.finishedAt?.getTime();
    return {
      id: job.id,
      status: job.status as JobStatus,
      prompt: job.prompt,
      dreamMode: job.dreamMode as DreamMode | null,
      provider: job.provider,
      workerId: job.workerId,
      attempts: job.attempts,
      error: job.error,
      url: job.status === 'COMPLETED' && job.imageFile ? this.results.urlOf(job.imageFile) : null,
      createdAt: job.createdAt.toISOString(),
      startedAt: job.startedAt?.toISOString() ?? null,
      finishedAt: job.finishedAt?.toISOString() ?? null,
      executionTime: started !== undefined && finished !== undefined ? finished - started : null,
      delayTime: started !== undefined ? started - job.createdAt.getTime() : null,
    };
  }
}

const alreadyEnded = (job: JobRow, action: string) =>
  new AppError('CONFLICT', `Job ${job.id} has already finished (${job.status}) and cannot be ${action}`);
