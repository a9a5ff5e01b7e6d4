import { Inject, Injectable } from '@nestjs/common';
import type { RunpodImage, WorkerHealth, WorkerKind } from '@atelier/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobsRepository } from '../jobs/jobs.repository';
import { loadComfyWorkflow } from '../providers/comfyui-workflow';
import type { ImageProvider } from '../providers/image-provider';
import { PROCEDURAL, proceduralProvider } from '../providers/procedural.provider';
import { createWorkerProvider } from '../providers/worker-providers';
import { WorkersRepository, type WorkerRow } from './workers.repository';

/** What reaching and driving a worker takes: a stored row, or a registration not yet saved. */
export type WorkerSettings = Pick<WorkerRow, 'kind' | 'url' | 'concurrency'> &
  Partial<Pick<WorkerRow, 'apiKey' | 'checkpoint' | 'runpodImage' | 'inputTemplate'>>;

/** Health states that may take jobs, preferred first. */
const USABLE: readonly string[] = ['healthy', 'degraded'] satisfies WorkerHealth[];

/** A worker that jobs may go to: enabled, and its last health check passed (a warning allowed). */
export const isUsable = (worker: Pick<WorkerRow, 'enabled' | 'health'>) => worker.enabled && USABLE.includes(worker.health);

/** Who runs a job: a provider and how the job records it, or why nobody can right now. */
export type Assignment =
  | { kind: 'assigned'; provider: ImageProvider; providerName: typeof PROCEDURAL | WorkerKind; workerId: string; label: string }
  | { kind: 'busy' }
  | { kind: 'refused'; reason: string };

/**
 * Chooses where each job runs (docs/decisions/0010-generation-providers.md): the least-loaded healthy enabled GPU worker,
 * else the built-in renderer (or a refusal, with GENERATION_FALLBACK=refuse). When healthy workers
 * exist but all are at their concurrency, the job waits for one rather than silently going CPU.
 */
@Injectable()
export class WorkerPool {
  private readonly comfyWorkflow: unknown;

  constructor(
    private readonly workers: WorkersRepository,
    private readonly jobs: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.comfyWorkflow = loadComfyWorkflow(config.generation.comfyWorkflowFile);
  }

  async assign(): Promise<Assignment> {
    // A degraded worker takes jobs (a RunPod endpoint scaled to zero starts one), after the healthy ones.
    const usable = (await this.workers.list()).filter(isUsable);
    if (usable.length === 0) return this.fallback();
    const load = await this.jobs.loadByWorker();
    const free = usable
      .map((worker) => ({ worker, share: (load.get(worker.id) ?? 0) / worker.concurrency }))
      .filter(({ share }) => share < 1)
      .sort(
        (a, b) =>
          USABLE.indexOf(a.worker.health) - USABLE.indexOf(b.worker.health) ||
          a.share - b.share ||
          a.worker.name.localeCompare(b.worker.name),
      );
    if (free.length === 0) return { kind: 'busy' };
    const { worker } = free[0];
    return {
      kind: 'assigned',
      provider: this.providerFor(worker),
      providerName: worker.kind as WorkerKind,
      workerId: worker.id,
      label: `the ${worker.kind} worker '${worker.name}'`,
    };
  }

  providerFor(worker: WorkerSettings): ImageProvider {
    const { timeoutMs, queueTimeoutMs } = this.config.generation;
    return createWorkerProvider(
      {
        kind: worker.kind as WorkerKind,
        url: worker.url,
        apiKey: worker.apiKey ?? undefined,
        concurrency: worker.concurrency,
        checkpoint: worker.checkpoint ?? undefined,
        runpodImage: (worker.runpodImage as RunpodImage | null) ?? undefined,
        inputTemplate: worker.inputTemplate ?? undefined,
      },
      { comfyWorkflow: this.comfyWorkflow, renderTimeoutMs: timeoutMs, queueTimeoutMs },
    );
  }

  private fallback(): Assignment {
    if (this.config.generation.fallback === 'refuse') {
      return { kind: 'refused', reason: 'No GPU worker is available right now, and this site does not fall back to the built-in renderer' };
    }
    return { kind: 'assigned', provider: proceduralProvider, providerName: PROCEDURAL, workerId: PROCEDURAL, label: 'the built-in renderer' };
  }
}
