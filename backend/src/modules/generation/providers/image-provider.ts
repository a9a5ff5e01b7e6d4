import type { WorkerKind } from '@atelier/contracts';

/** One picture to make. The signal aborts when the job's time is up; providers stop at once. */
export interface ImageRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  signal: AbortSignal;
}

export interface GeneratedImage {
  /** PNG bytes. */
  png: Buffer;
  /** The seed the provider actually used (remote workers report it back). */
  seed: number;
}

/** Anything that turns a prompt into a picture: the built-in renderer or a registered GPU worker. */
export interface ImageProvider {
  generate(request: ImageRequest): Promise<GeneratedImage>;
  /** Resolves when the provider can take work; rejects with a ProviderError saying why not. */
  checkHealth(signal: AbortSignal): Promise<void>;
}

/** Where a registered GPU worker is and how to sign in to it. */
export interface WorkerConnection {
  kind: WorkerKind;
  /** Base URL, e.g. `http://gpu-box:7860` (a1111), `http://gpu-box:8188` (comfyui), `https://api.runpod.ai/v2/<endpoint>` (runpod). */
  url: string;
  /** a1111: `user:password` for --api-auth (HTTP Basic); comfyui and runpod: a bearer key. */
  apiKey?: string;
}

/** A provider answered badly or not at all; the message is what the job's `error` shows. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
