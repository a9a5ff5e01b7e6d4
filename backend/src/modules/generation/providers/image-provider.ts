import type { RunpodImage, WorkerKind } from '@atelier/contracts';

/** One picture to make. The signal aborts when the job's time is up; providers stop at once. */
export interface ImageRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  signal: AbortSignal;
  /** Where the job stands on the worker, as often as the worker says; providers that cannot tell never call it. */
  report?: (update: RenderUpdate) => void;
}

/** What a worker said of a job it holds. */
export interface RenderUpdate {
  /**
   * `queued`: waiting in the worker's own queue (a RunPod cold start, A1111's queue_lock), which counts
   * against GENERATION_QUEUE_TIMEOUT_SECONDS; `rendering`: on the GPU, against GENERATION_TIMEOUT_SECONDS.
   */
  phase: 'queued' | 'rendering';
  /** 0..1, when the worker says. */
  progress?: number;
  /** The picture so far (PNG or JPEG bytes), when the worker sends one. */
  preview?: Buffer;
}

export interface GeneratedImage {
  /** PNG bytes. */
  png: Buffer;
  /** The seed the provider actually used (remote workers report it back). */
  seed: number;
}

/** What a health check learnt besides "it answers". */
export interface HealthReport {
  /** The model the worker runs, when it says (A1111's loaded checkpoint, ComfyUI's checkpoint). */
  model?: string;
  /** It takes jobs, but the owner should know this (the worker is shown `degraded`). */
  warning?: string;
}

/** Anything that turns a prompt into a picture: the built-in renderer or a registered GPU worker. */
export interface ImageProvider {
  generate(request: ImageRequest): Promise<GeneratedImage>;
  /** Resolves when the provider can take work; rejects with a ProviderError saying why not. */
  checkHealth(signal: AbortSignal): Promise<HealthReport>;
}

/** Where a registered GPU worker is and how to sign in to it. */
export interface WorkerConnection {
  kind: WorkerKind;
  /** Base URL, e.g. `http://gpu-box:7860` (a1111), `http://gpu-box:8188` (comfyui), `https://api.runpod.ai/v2/<endpoint>` (runpod). */
  url: string;
  /** a1111: `user:password` for --api-auth (HTTP Basic); comfyui and runpod: a bearer key. */
  apiKey?: string;
  /** Jobs Atelier sends it at once (default 1): at 1, whatever it renders is ours to interrupt. */
  concurrency?: number;
  /** comfyui, and runpod's comfyui image: the checkpoint the workflow loads; default the first one installed. */
  checkpoint?: string;
  /** runpod: the worker image, which decides the input; default `sd-v1`. */
  runpodImage?: RunpodImage;
  /** runpod `custom`: the input, with placeholders. */
  inputTemplate?: Record<string, unknown>;
}

/** A provider answered badly or not at all; the message is what the job's `error` shows. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
