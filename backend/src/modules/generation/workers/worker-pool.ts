import { Inject, Injectable } from '@nestjs/common';
import type { WorkerKind } from '@atelier/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobsRepository } from '../jobs/jobs.repository';
import { loadComfyWorkflow } from '../providers/comfyui.adapter';
import type { ImageProvider } from '../providers/image-provider';
import { PROCEDURAL, proceduralProvider } from '../providers/procedural.provider';
import { createWorkerProvider } from '../providers/worker-providers';
import { WorkersRepository } from './workers.repository';

/** Who runs a job: a provider and how the job records it, or why nobody can right now. */
export type Assignment =
  | { kind: 'assigned'; provider: ImageProvider; providerName: typeof PROCEDURAL | WorkerKind; workerId: string; label: string }
  | { kind: 'busy' }
  | { kind: 'refused'; reason: string };

/**
 * Chooses where each job runs (DESIGN.md section 6): the least-loaded healthy enabled GPU worker,
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
    const healthy = (await this.workers.list()).filter((worker) => worker.enabled && worker.health === 'healthy');
    if (healthy.length === 0) return this.fallback();
    const load = await this.jobs.loadByWorker();
    const free = healthy
      .map((worker) => ({ worker, share: (load.get(worker.id) ?? 0) / worker.concurrency }))
      .filter(({ share }) => share < 1)
      .sort((a, b) => a.share - b.share || a.worker.name.localeCompare(b.worker.name));
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

  providerFor(worker: { kind: string; url: string; apiKey?: string | null }): ImageProvider {
    return createWorkerProvider(
      { kind: worker.kind as WorkerKind, url: worker.url, apiKey: worker.apiKey ?? undefined },
      { comfyWorkflow: this.comfyWorkflow },
    );
  }

  private fallback(): Assignment {
    if (this.config.generation.fallback === 'refuse') {
      return { kind: 'refused', reason: 'No GPU worker is available right now, and this site does not fall back to the built-in renderer' };
    }
    return { kind: 'assigned', provider: proceduralProvider, providerName: PROCEDURAL, workerId: PROCEDURAL, label: 'the built-in renderer' };
  }
}
