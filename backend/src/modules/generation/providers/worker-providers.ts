// One entry point from a registered worker's connection to the adapter that speaks its API.
import { createA1111Provider } from './a1111.adapter';
import { createComfyUiProvider } from './comfyui.adapter';
import type { ImageProvider, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { createRunpodProvider } from './runpod.adapter';

export interface WorkerProviderOptions {
  /** How often queue-based workers (ComfyUI, RunPod) are asked whether a job has ended; default 1000 ms. */
  pollIntervalMs?: number;
  /** ComfyUI workflow template (see loadComfyWorkflow), also what RunPod's comfyui image gets; default DEFAULT_COMFYUI_WORKFLOW. */
  comfyWorkflow?: unknown;
  /** GENERATION_TIMEOUT_SECONDS and GENERATION_QUEUE_TIMEOUT_SECONDS: the limits RunPod enforces itself, and how long A1111 watches a stopped task. */
  renderTimeoutMs?: number;
  queueTimeoutMs?: number;
}

export function createWorkerProvider(connection: WorkerConnection, options: WorkerProviderOptions = {}): ImageProvider {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  switch (connection.kind) {
    case 'a1111':
      return createA1111Provider(connection, { queueTimeoutMs: options.queueTimeoutMs });
    case 'comfyui':
      return createComfyUiProvider(connection, { workflow: options.comfyWorkflow, pollIntervalMs });
    case 'runpod':
      return createRunpodProvider(connection, { ...options, pollIntervalMs });
    default: {
      // Rows come from the database; a kind this build does not know must fail loudly, not silently.
      const unknownKind: never = connection.kind;
      throw new ProviderError(`Unknown GPU worker kind "${String(unknownKind)}"`);
    }
  }
}
