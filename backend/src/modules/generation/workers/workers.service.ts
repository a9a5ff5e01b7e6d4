import { Inject, Injectable } from '@nestjs/common';
import type { GenerationInfo, GpuWorker, RunpodImage, WorkerHealth, WorkerKind, WorkerTestResult } from '@atelier/contracts';
import sharp from 'sharp';
import { AppError } from '../../../common/errors/app-error';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { isUniqueViolation } from '../../../db/errors';
import { workerSettingsProblems, type RegisterWorkerBody, type UpdateWorkerBody } from '../generation.schemas';
import { JobsRepository } from '../jobs/jobs.repository';
import { RenderWatch } from '../jobs/render-watch';
import { ProviderError, type HealthReport, type RenderUpdate } from '../providers/image-provider';
import { modelName } from './model-names';
import { isUsable, WorkerPool, type WorkerSettings } from './worker-pool';
import { WorkersRepository, type WorkerRow } from './workers.repository';

/** How long a health check may take. */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;
const TEST_PROMPT = 'a lighthouse on a rocky coast at sunset, oil painting';
const TEST_SIZE = 512;

/** The GPU worker registry behind `/api/admin/workers` (and `atelier workers`). */
@Injectable()
export class WorkersService {
  constructor(
    private readonly workers: WorkersRepository,
    private readonly jobs: JobsRepository,
    private readonly pool: WorkerPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<GpuWorker[]> {
    const [rows, load] = await Promise.all([this.workers.list(), this.jobs.loadByWorker()]);
    return rows.map((row) => this.present(row, load.get(row.id) ?? 0));
  }

  async get(id: string): Promise<GpuWorker> {
    const row = await this.found(id);
    const load = await this.jobs.loadByWorker();
    return this.present(row, load.get(row.id) ?? 0);
  }

  /** With `check` (the default) a worker that does not answer is not saved, and the answer says why. */
  async register({ check, ...fields }: RegisterWorkerBody): Promise<GpuWorker> {
    let checked: Partial<Pick<WorkerRow, 'health' | 'healthError' | 'model' | 'lastSeenAt'>> = { health: 'unknown' };
    if (check) {
      const outcome = await this.probe(fields);
      if (outcome.health === 'unhealthy') {
        throw new AppError('VALIDATION_FAILED', `The worker at ${fields.url} did not pass its health check`, [
          { field: 'url', message: `${outcome.problem} (register with check: false to save it anyway)` },
        ]);
      }
      checked = { health: outcome.health, healthError: outcome.problem ?? null, model: outcome.model ?? null, lastSeenAt: new Date() };
    }
    const row = await this.workers.insert({ ...fields, ...checked }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(fields.name) : error;
    });
    return this.present(row, 0);
  }

  async update(id: string, changes: UpdateWorkerBody): Promise<GpuWorker> {
    const current = await this.found(id);
    const merged = { ...current, ...changes };
    const problems = workerSettingsProblems(merged);
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', `Those settings do not fit a ${current.kind} worker`, problems);
    // Reached or driven differently: what was known of its health no longer holds.
    const recheck = (['url', 'apiKey', 'checkpoint', 'runpodImage', 'inputTemplate'] as const).some((field) => changes[field] !== undefined);
    const row = await this.workers
      .update(id, { ...changes, ...(recheck ? { health: 'unknown', healthError: null, model: null } : {}) })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(changes.name!) : error;
      });
    if (!row) throw notFound(id);
    if (recheck) await this.checkHealth(row);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.workers.remove(id))) throw notFound(id);
  }

  /**
   * Its health check, then one small real generation through it, timed; a failure is a 503 naming the
   * cause. The limits are a job's (RenderWatch): time in the worker's own queue (a RunPod cold start)
   * counts against GENERATION_QUEUE_TIMEOUT_SECONDS, not as render time, and a test that ran out of
   * time while still queued says nothing of the worker's health, so it is left as it was.
   */
  async test(id: string): Promise<WorkerTestResult> {
    const row = await this.found(id);
    const outcome = await this.probe(row);
    await this.record(row.id, outcome);
    if (outcome.health === 'unhealthy') throw new AppError('SERVICE_UNAVAILABLE', `Worker '${row.name}' is not healthy: ${outcome.problem}`);
    const { timeoutMs, queueTimeoutMs } = this.config.generation;
    const watch = new RenderWatch({ renderMs: timeoutMs, queueMs: queueTimeoutMs });
    const started = performance.now();
    let queuedAt: number | undefined;
    let renderingAt: number | undefined;
    const report = (update: RenderUpdate) => {
      watch.report(update);
      if (update.phase === 'queued') queuedAt ??= performance.now();
      else if (queuedAt !== undefined) renderingAt ??= performance.now();
    };
    try {
      const image = await this.pool.providerFor(row).generate({ prompt: TEST_PROMPT, seed: 1234, width: TEST_SIZE, height: TEST_SIZE, signal: watch.signal, report });
      const ended = performance.now();
      const queueTime = queuedAt === undefined ? 0 : Math.round((renderingAt ?? ended) - started);
      const executionTime = Math.round(ended - started) - queueTime;
      const { width = 0, height = 0 } = await sharp(image.png).metadata();
      return { workerId: row.id, gpu: row.gpu, model: outcome.model ?? null, seed: image.seed, width, height, executionTime, queueTime, bytes: image.png.length };
    } catch (error) {
      if (watch.overrun === 'queue') {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `Worker '${row.name}' kept the test in its queue for more than ${queueTimeoutMs / 1000} s (a cold start, or every GPU busy); its health is unchanged, try again once it has warmed up`,
        );
      }
      const message = watch.overrun === 'render' ? `no picture within ${timeoutMs / 1000} s of rendering` : describeFailure(error, timeoutMs);
      await this.workers.recordHealth(row.id, 'unhealthy', message);
      throw new AppError('SERVICE_UNAVAILABLE', `Worker '${row.name}' could not generate: ${message}`);
    } finally {
      watch.dispose();
    }
  }

  /** The longest a test may take: its health check, then a job's queue and render limits. */
  private testTimeoutSeconds(): number {
    const { timeoutMs, queueTimeoutMs } = this.config.generation;
    return (HEALTH_CHECK_TIMEOUT_MS + queueTimeoutMs + timeoutMs) / 1000;
  }

  private present(row: WorkerRow, load: number): GpuWorker {
    return { ...toGpuWorker(row, load), testTimeoutSeconds: this.testTimeoutSeconds() };
  }

  /** Checks one worker and records the outcome. */
  async checkHealth(row: WorkerRow, signal?: AbortSignal): Promise<void> {
    const outcome = await this.probe(row, signal);
    if (signal?.aborted) return;
    await this.record(row.id, outcome);
  }

  async checkAll(signal?: AbortSignal): Promise<void> {
    const rows = (await this.workers.list()).filter((row) => row.enabled);
    await Promise.all(rows.map((row) => this.checkHealth(row, signal)));
  }

  /** What the Forge and Dream headers say: the models and GPUs of the workers jobs go to, else who draws instead. */
  async info(): Promise<GenerationInfo> {
    const usable = (await this.workers.list()).filter(isUsable);
    if (usable.length === 0) {
      return { renderer: this.config.generation.fallback === 'procedural' ? 'built-in' : 'none', models: [], gpus: [] };
    }
    const models = usable.flatMap((row) => (row.model ? [modelName(row.model)] : []));
    return { renderer: 'workers', models: [...new Set(models)], gpus: [...new Set(usable.map((row) => row.gpu))] };
  }

  /** What the worker's health check says: healthy, degraded (with the warning) or unhealthy (with the reason). */
  private async probe(worker: WorkerSettings, signal?: AbortSignal): Promise<HealthOutcome> {
    const timeout = AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS);
    let report: HealthReport;
    try {
      report = await this.pool.providerFor(worker).checkHealth(signal ? AbortSignal.any([timeout, signal]) : timeout);
    } catch (error) {
      return { health: 'unhealthy', problem: describeFailure(error, HEALTH_CHECK_TIMEOUT_MS) };
    }
    return report.warning
      ? { health: 'degraded', problem: report.warning, model: report.model }
      : { health: 'healthy', model: report.model };
  }

  private record(id: string, { health, problem, model }: HealthOutcome): Promise<void> {
    return this.workers.recordHealth(id, health, problem ?? null, model);
  }

  private async found(id: string): Promise<WorkerRow> {
    const row = await this.workers.findById(id);
    if (!row) throw notFound(id);
    return row;
  }
}

interface HealthOutcome {
  health: Exclude<WorkerHealth, 'unknown'>;
  /** Why it is unhealthy, or what the owner should know of a degraded one. */
  problem?: string;
  model?: string;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof ProviderError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

const notFound = (id: string) => new AppError('NOT_FOUND', `No GPU worker with id ${id}`);
const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A GPU worker named '${name}' is already registered`, [{ field: 'name', message: 'is already taken' }]);

function toGpuWorker(row: WorkerRow, load: number): GpuWorker {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as WorkerKind,
    url: row.url,
    gpu: row.gpu,
    concurrency: row.concurrency,
    enabled: row.enabled,
    hasApiKey: row.apiKey !== null,
    health: row.health as GpuWorker['health'],
    healthError: row.healthError,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    load,
    checkpoint: row.checkpoint,
    runpodImage: row.runpodImage as RunpodImage | null,
    inputTemplate: row.inputTemplate,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
  };
}
