import { Inject, Injectable } from '@nestjs/common';
import type { GenerationInfo, GpuWorker, WorkerKind, WorkerTestResult } from '@atelier/contracts';
import sharp from 'sharp';
import { AppError } from '../../../common/errors/app-error';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { isUniqueViolation } from '../../../db/errors';
import type { RegisterWorkerBody, UpdateWorkerBody } from '../generation.schemas';
import { JobsRepository } from '../jobs/jobs.repository';
import { ProviderError } from '../providers/image-provider';
import { WorkerPool } from './worker-pool';
import { WorkersRepository, type WorkerRow } from './workers.repository';

/** How long a health check may take. */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;
const TEST_PROMPT = 'a lighthouse on a rocky coast at sunset, oil painting';
const TEST_SIZE = 512;

/** The default header of the Forge and Dream pages (spec): what the original site ran on. */
const MODEL = 'Stable Diffusion 1.5';

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
    return rows.map((row) => toGpuWorker(row, load.get(row.id) ?? 0));
  }

  async get(id: string): Promise<GpuWorker> {
    const row = await this.found(id);
    const load = await this.jobs.loadByWorker();
    return toGpuWorker(row, load.get(row.id) ?? 0);
  }

  /** With `check` (the default) a worker that does not answer is not saved, and the answer says why. */
  async register({ check, ...fields }: RegisterWorkerBody): Promise<GpuWorker> {
    let health: { health: 'healthy' | 'unknown'; lastSeenAt?: Date } = { health: 'unknown' };
    if (check) {
      const problem = await this.probe(fields);
      if (problem) {
        throw new AppError('VALIDATION_FAILED', `The worker at ${fields.url} did not answer its health check`, [
          { field: 'url', message: `${problem} (register with check: false to save it anyway)` },
        ]);
      }
      health = { health: 'healthy', lastSeenAt: new Date() };
    }
    const row = await this.workers.insert({ ...fields, ...health }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(fields.name) : error;
    });
    return toGpuWorker(row, 0);
  }

  async update(id: string, changes: UpdateWorkerBody): Promise<GpuWorker> {
    const reachedDifferently = changes.url !== undefined || changes.apiKey !== undefined;
    const row = await this.workers
      .update(id, { ...changes, ...(reachedDifferently ? { health: 'unknown', healthError: null } : {}) })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(changes.name!) : error;
      });
    if (!row) throw notFound(id);
    if (reachedDifferently) await this.checkHealth(row);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.workers.remove(id))) throw notFound(id);
  }

  /** One small real generation through the worker, timed; a failure is a 502-style answer naming the cause. */
  async test(id: string): Promise<WorkerTestResult> {
    const row = await this.found(id);
    const started = performance.now();
    try {
      const image = await this.pool.providerFor(row).generate({
        prompt: TEST_PROMPT,
        seed: 1234,
        width: TEST_SIZE,
        height: TEST_SIZE,
        signal: AbortSignal.timeout(this.config.generation.timeoutMs),
      });
      const executionTime = Math.round(performance.now() - started);
      const { width = 0, height = 0 } = await sharp(image.png).metadata();
      await this.workers.recordHealth(row.id, 'healthy', null);
      return { workerId: row.id, seed: image.seed, width, height, executionTime, bytes: image.png.length };
    } catch (error) {
      const message = describeFailure(error, this.config.generation.timeoutMs);
      await this.workers.recordHealth(row.id, 'unhealthy', message);
      throw new AppError('SERVICE_UNAVAILABLE', `Worker '${row.name}' could not generate: ${message}`);
    }
  }

  /** Checks one worker and records the outcome. */
  async checkHealth(row: WorkerRow, signal?: AbortSignal): Promise<void> {
    const problem = await this.probe(row, signal);
    if (signal?.aborted) return;
    await this.workers.recordHealth(row.id, problem ? 'unhealthy' : 'healthy', problem ?? null);
  }

  async checkAll(signal?: AbortSignal): Promise<void> {
    const rows = (await this.workers.list()).filter((row) => row.enabled);
    await Promise.all(rows.map((row) => this.checkHealth(row, signal)));
  }

  /** What the Forge and Dream headers name: the GPUs of the enabled workers. */
  async info(): Promise<GenerationInfo> {
    const gpus = (await this.workers.list()).filter((row) => row.enabled).map((row) => row.gpu);
    return { model: MODEL, gpus: [...new Set(gpus)] };
  }

  /** Undefined when the worker answers its health check, else why not. */
  private async probe(worker: { kind: string; url: string; apiKey?: string | null }, signal?: AbortSignal): Promise<string | undefined> {
    const timeout = AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS);
    try {
      await this.pool.providerFor(worker).checkHealth(signal ? AbortSignal.any([timeout, signal]) : timeout);
      return undefined;
    } catch (error) {
      return describeFailure(error, HEALTH_CHECK_TIMEOUT_MS);
    }
  }

  private async found(id: string): Promise<WorkerRow> {
    const row = await this.workers.findById(id);
    if (!row) throw notFound(id);
    return row;
  }
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
    createdAt: row.createdAt.toISOString(),
  };
}
