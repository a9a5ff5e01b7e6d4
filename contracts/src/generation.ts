// Generation (DESIGN.md section 6): Forge prompts, the Dream-o-matic's modes, jobs and GPU workers.

export const DREAM_MODES = ['daydream', 'nicedream', 'strangedream', 'nightmare'] as const;
export type DreamMode = (typeof DREAM_MODES)[number];

/** Longest accepted prompt (DESIGN.md section 5). */
export const PROMPT_MAX_LENGTH = 1000;

/** Job states as RunPod's serverless API names them; the client treats the last three as errors. */
export const JOB_STATUSES = ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'ERROR', 'CANCELLED', 'TIMED_OUT'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** States a job never leaves. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['COMPLETED', 'ERROR', 'CANCELLED', 'TIMED_OUT'];

export interface StartJobRequest {
  prompt: string;
}

export interface StartDreamRequest {
  mode: DreamMode;
}

/** What POST /api/start-job and POST /api/start-dream answer. */
export interface StartedJob {
  id: string;
}

export interface JobOutput {
  /** The picture as base64 PNG (no data: prefix), as the spec's client reads it. */
  image: string;
  seed: number;
  /** Where the stored PNG is served, e.g. `/assets/generated/<id>.png`. */
  url: string;
}

/** GET /api/job-status/:id. Timings are milliseconds, null until known. */
export interface JobStatusResponse {
  id: string;
  status: JobStatus;
  /** Empty until COMPLETED. */
  output: JobOutput[];
  /** From start to finish. */
  executionTime: number | null;
  /** From creation to start. */
  delayTime: number | null;
  /** The registered GPU worker's id, or `procedural` for the built-in renderer; null before start. */
  workerId: string | null;
  /** What went wrong, for ERROR, CANCELLED and TIMED_OUT. */
  error: string | null;
  /** How far the render is (0..1) while a GPU worker says; null when unknown. Not in the spec's fields: extra. */
  progress: number | null;
  /** A small JPEG of the render so far (data: URL), while the GPU worker sends one. */
  preview: string | null;
}

/**
 * Who draws a Forge or Dream picture: `workers`, the enabled GPU workers that pass their health
 * check; `built-in`, none does and Atelier's own renderer draws on the server's CPU; `none`, none
 * does and the server refuses jobs (GENERATION_FALLBACK=refuse).
 */
export type GenerationRenderer = 'workers' | 'built-in' | 'none';

/** GET /api/generation/info: what the Forge and Dream pages say about who draws their pictures. */
export interface GenerationInfo {
  renderer: GenerationRenderer;
  /** The models those workers run, named from their checkpoints; empty when unknown or not `workers`. */
  models: string[];
  /** Those workers' GPU labels, each once; empty unless `workers`. */
  gpus: string[];
}

/** How many example pictures each page picks from (spec section 9). */
export const EXAMPLE_IMAGE_COUNTS = { forge: 5, dream: 9 } as const;
export type ExamplePage = keyof typeof EXAMPLE_IMAGE_COUNTS;
export const EXAMPLE_PAGES = Object.keys(EXAMPLE_IMAGE_COUNTS) as ExamplePage[];

/** Longest model name an example may carry. */
export const EXAMPLE_MODEL_MAX_LENGTH = 120;

/** One example picture of a page, with what made it: the note under it names the model. */
export interface GenerationExample {
  /** 1 to the page's count in EXAMPLE_IMAGE_COUNTS. */
  position: number;
  /** The picture under /assets, which serves it resized (`?w=768&auto=format`). */
  url: string;
  /** The prompt it was made from; null when the owner did not say. */
  prompt: string | null;
  /** The model that really made it, e.g. `SDXL 1.0` or `Atelier Procedural v1`. */
  model: string;
  width: number;
  height: number;
}

/** GET /api/generation/examples: each page's examples in position order. */
export type GenerationExamples = Record<ExamplePage, GenerationExample[]>;

/** An example as the admin API shows it (`GET /api/admin/examples`, `atelier examples list`). */
export interface AdminGenerationExample extends GenerationExample {
  page: ExamplePage;
  /** The built-in picture Atelier draws itself, or one the owner sent. */
  builtIn: boolean;
  /** SHA-256 of the stored picture; null while a built-in one is not drawn yet. */
  contentHash: string | null;
  updatedAt: string;
}

export const WORKER_KINDS = ['a1111', 'comfyui', 'runpod'] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

/**
 * `degraded`: it answers and takes jobs, but something is off (a RunPod endpoint with no worker
 * ready, so the next job waits for a cold start); `healthError` says what.
 */
export type WorkerHealth = 'unknown' | 'healthy' | 'degraded' | 'unhealthy';

/**
 * What a RunPod endpoint runs, which decides the input it accepts: the RunPod worker images
 * worker-stable_diffusion_v1, worker-sdxl, worker-sdxl-turbo (512x512 only), worker-a1111 and
 * worker-comfyui, or `custom` with an input template.
 */
export const RUNPOD_IMAGES = ['sd-v1', 'sdxl', 'sdxl-turbo', 'a1111', 'comfyui', 'custom'] as const;
export type RunpodImage = (typeof RUNPOD_IMAGES)[number];

/** A registered GPU worker as the admin API shows it; credentials never leave the server. */
export interface GpuWorker {
  id: string;
  name: string;
  kind: WorkerKind;
  url: string;
  gpu: string;
  concurrency: number;
  enabled: boolean;
  /** Whether credentials are stored (never their value). */
  hasApiKey: boolean;
  health: WorkerHealth;
  /** Why the last health check failed. */
  healthError: string | null;
  lastSeenAt: string | null;
  /** Jobs it is running now. */
  load: number;
  /** ComfyUI (and RunPod's comfyui image): the checkpoint file the workflow loads; null means the first one installed. */
  checkpoint: string | null;
  /** RunPod: which worker image the endpoint runs; null for other kinds. */
  runpodImage: RunpodImage | null;
  /** RunPod `custom`: the `input` sent, with `{{prompt}}`, `{{seed}}`, `{{width}}`, `{{height}}` filled in. */
  inputTemplate: Record<string, unknown> | null;
  /** The model the worker named at its last health check or test; null until it named one. */
  model: string | null;
  createdAt: string;
}

export interface RegisterWorkerRequest {
  name: string;
  kind: WorkerKind;
  url: string;
  gpu: string;
  apiKey?: string;
  concurrency?: number;
  checkpoint?: string;
  /** RunPod only; default `sd-v1`, whose input (prompt, seed, width, height) also suits sdxl and a1111. */
  runpodImage?: RunpodImage;
  /** Required with runpodImage `custom`, refused otherwise. */
  inputTemplate?: Record<string, unknown>;
  /** Check that the worker answers before saving it (default true). */
  check?: boolean;
}

/** null removes an optional setting (apiKey, checkpoint). */
export type UpdateWorkerRequest = Partial<
  Pick<RegisterWorkerRequest, 'name' | 'url' | 'gpu' | 'concurrency' | 'runpodImage' | 'inputTemplate'>
> & {
  apiKey?: string | null;
  checkpoint?: string | null;
  enabled?: boolean;
};

/** POST /api/admin/workers/:id/test: one small real generation through that worker. */
export interface WorkerTestResult {
  workerId: string;
  /** The GPU label it was registered with. */
  gpu: string;
  /** The model it named, when it names one. */
  model: string | null;
  seed: number;
  width: number;
  height: number;
  /** Ms the worker took. */
  executionTime: number;
  /** PNG bytes received. */
  bytes: number;
}

/** A generation job as the admin API shows it (`/api/admin/jobs`, `atelier jobs ...`). Times are ISO strings. */
export interface AdminJob {
  id: string;
  status: JobStatus;
  /** The prompt rendered: the visitor's, or the curated one a dream mode picked. */
  prompt: string;
  /** Set for Dream-o-matic jobs. */
  dreamMode: DreamMode | null;
  /** `procedural`, `a1111`, `comfyui` or `runpod`, once a runner picked one. */
  provider: string | null;
  /** The registered GPU worker's id, or `procedural`; null before start. */
  workerId: string | null;
  /** Times a runner took the job. */
  attempts: number;
  error: string | null;
  /** Where the stored picture is served, for COMPLETED jobs. */
  url: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Ms from start to finish. */
  executionTime: number | null;
  /** Ms from creation to start. */
  delayTime: number | null;
}

/** POST /api/admin/jobs/purge: deletes finished jobs (and their pictures) that finished longer ago than this. */
export interface PurgeJobsRequest {
  olderThanMinutes: number;
}

export interface PurgeJobsResult {
  deleted: number;
}

/** GET /api/admin/jobs/summary: how jobs are dispatched, and how many there are of each status. */
export interface JobsSummary {
  /** In-process FIFO, or BullMQ on Redis (REDIS_URL). */
  dispatcher: 'in-process' | 'bullmq';
  /** Whether this API process also runs jobs (GENERATION_CONSUMER). */
  consumer: boolean;
  counts: Record<JobStatus, number>;
}
