import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DreamMode, JobStatus, JobStatusResponse, StartedJob } from '@atelier/contracts';
import { AppError } from '../../../common/errors/app-error';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobDispatcher } from '../dispatch/job-dispatcher';
import { dreamPrompt } from '../procedural/dream-prompts';
import { ResultFiles } from '../results/result-files';
import { JobsRepository, type JobRow } from './jobs.repository';

/** A queue that does not answer this fast is down; the job stays queued and maintenance redelivers it. */
const ENQUEUE_TIMEOUT_MS = 2_000;

/** Starting jobs and reporting on them: what the Forge and Dream pages call. */
@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    private readonly jobs: JobsRepository,
    private readonly dispatcher: JobDispatcher,
    private readonly results: ResultFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  startPrompt(prompt: string): Promise<StartedJob> {
    return this.start({ prompt });
  }

  /** A dream is a job whose prompt comes from the mode's curated list. */
  startDream(mode: DreamMode): Promise<StartedJob> {
    return this.start({ prompt: dreamPrompt(mode), dreamMode: mode });
  }

  async status(id: string): Promise<JobStatusResponse> {
    const job = await this.jobs.findById(id);
    if (!job) throw new AppError('NOT_FOUND', `No generation job with id ${id}`);
    return this.describe(job);
  }

  /** Deletes jobs that finished before `finishedBefore` and their pictures: retention and the owner's purge. */
  async deleteFinished(finishedBefore: Date): Promise<number> {
    const { deleted, files } = await this.jobs.deleteFinished(finishedBefore);
    for (const file of files) await this.results.remove(file);
    return deleted;
  }

  /** A new queued job, within the queue cap; what every start (and the owner's retry) goes through. */
  async start(values: { prompt: string; dreamMode?: DreamMode }): Promise<StartedJob> {
    // Refused before the row exists: a job nobody can run yet would only wait and time out.
    if (!this.dispatcher.available()) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Image generation is paused while its job queue does not answer; try again shortly');
    }
    const cap = this.config.generation.queueCap;
    const job = await this.jobs.insertWithinCap(values, cap);
    if (!job) throw new AppError('RATE_LIMITED', `The generation queue is full (${cap} jobs waiting or running); try again in a minute`);
    await this.deliver(job.id);
    return { id: job.id };
  }

  private async deliver(id: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dispatcher.enqueue(id), timeout]);
    } catch (error) {
      this.logger.warn({ err: error }, `Job ${id} is queued but could not be handed to the ${this.dispatcher.name} queue yet`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async describe(job: JobRow): Promise<JobStatusResponse> {
    const status = job.status as JobStatus;
    const started = job.startedAt?.getTime();
    const finished = job.finishedAt?.getTime();
    const picture = status === 'COMPLETED' && job.imageFile ? await this.results.read(job.imageFile) : undefined;
    return {
      id: job.id,
      status,
      output: picture ? [{ image: picture.toString('base64'), seed: job.seed!, url: this.results.urlOf(job.imageFile!) }] : [],
      executionTime: started !== undefined && finished !== undefined ? finished - started : null,
      delayTime: started !== undefined ? started - job.createdAt.getTime() : null,
      workerId: job.workerId,
      error: publicError(job.id, status, status === 'COMPLETED' && !picture),
      progress: job.progress,
      preview: job.preview,
    };
  }
}

/**
 * What a visitor is told of a job that did not give a picture. Never the stored reason: it can name
 * a GPU worker's internal address or quote its answer. The job id is the reference the owner looks
 * up (`atelier jobs show <id>`, GET /api/admin/jobs/:id), where the reason is kept.
 */
function publicError(id: string, status: JobStatus, pictureGone: boolean): string | null {
  switch (status) {
    case 'ERROR':
      return `The picture could not be made; try again (reference ${id})`;
    case 'TIMED_OUT':
      return `The job waited too long to be run; try again (reference ${id})`;
    case 'CANCELLED':
      return `The job was cancelled (reference ${id})`;
    case 'COMPLETED':
      return pictureGone ? 'The picture of this job is no longer stored' : null;
    default:
      return null;
  }
}
