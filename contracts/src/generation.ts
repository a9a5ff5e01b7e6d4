// Generation (docs/requirements/ai-demos.md): Forge prompts, the Dream-o-matic's modes, jobs and GPU workers.
// The answers' shapes are inferred from their zod schemas (generation.schemas.ts), as the OpenAPI document is.
import type { z } from 'zod';
import type {
  adminGenerationExampleSchema,
  adminJobSchema,
  generationExampleSchema,
  generationExamplesSchema,
  generationInfoSchema,
  gpuWorkerSchema,
  jobOutputSchema,
  jobsSummarySchema,
  jobStatusResponseSchema,
  purgeJobsResultSchema,
  startedJobSchema,
  workerTestResultSchema,
} from './generation.schemas';

export const DREAM_MODES = ['daydream', 'nicedream', 'strangedream', 'nightmare'] as const;
export type DreamMode = (typeof DREAM_MODES)[number];

/** Longest accepted prompt (docs/requirements/security.md#validation). */
export const PROMPT_MAX_LENGTH = 1000;

/** Job states as RunPod's serverless API names them; the client treats the last three as errors. */
export const JOB_STATUSES = ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'ERROR', 'CANCELLED', 'TIMED_OUT'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** States a job never leaves. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['COMPLETED', 'ERROR', 'CANCELLED', 'TIMED_OUT'];

/** What POST /api/start-job and POST /api/start-dream answer. */
export type StartedJob = z.infer<typeof startedJobSchema>;

export type JobOutput = z.infer<typeof jobOutputSchema>;

/** GET /api/job-status/:id. Timings are milliseconds, null until known. */
export type JobStatusResponse = z.infer<typeof jobStatusResponseSchema>;

/**
 * Who draws a Forge or Dream picture: `workers`, the enabled GPU workers that pass their health
 * check; `built-in`, none does and Atelier's own renderer draws on the server's CPU; `none`, none
 * does and the server refuses jobs (GENERATION_FALLBACK=refuse).
 */
export type GenerationRenderer = GenerationInfo['renderer'];

/** GET /api/generation/info: what the Forge and Dream pages say about who draws their pictures. */
export type GenerationInfo = z.infer<typeof generationInfoSchema>;

/** How many example pictures each page picks from (docs/requirements/ai-demos.md#forge, docs/requirements/ai-demos.md#dream-o-matic). */
export const EXAMPLE_IMAGE_COUNTS = { forge: 5, dream: 9 } as const;
export type ExamplePage = keyof typeof EXAMPLE_IMAGE_COUNTS;
export const EXAMPLE_PAGES = Object.keys(EXAMPLE_IMAGE_COUNTS) as ExamplePage[];

/** Longest model name an example may carry. */
export const EXAMPLE_MODEL_MAX_LENGTH = 120;

/** One example picture of a page, with what made it: the note under it names the model. */
export type GenerationExample = z.infer<typeof generationExampleSchema>;

/** GET /api/generation/examples: each page's examples in position order. */
export type GenerationExamples = z.infer<typeof generationExamplesSchema>;

/** An example as the admin API shows it (`GET /api/admin/examples`, `atelier examples list`). */
export type AdminGenerationExample = z.infer<typeof adminGenerationExampleSchema>;

export const WORKER_KINDS = ['a1111', 'comfyui', 'runpod'] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

/**
 * `degraded`: it answers and takes jobs, but something is off (a RunPod endpoint with no worker
 * ready, so the next job waits for a cold start); `healthError` says what.
 */
export type WorkerHealth = GpuWorker['health'];

/**
 * What a RunPod endpoint runs, which decides the input it accepts: the RunPod worker images
 * worker-stable_diffusion_v1, worker-sdxl, worker-sdxl-turbo (512x512 only), worker-a1111 and
 * worker-comfyui, or `custom` with an input template.
 */
export const RUNPOD_IMAGES = ['sd-v1', 'sdxl', 'sdxl-turbo', 'a1111', 'comfyui', 'custom'] as const;
export type RunpodImage = (typeof RUNPOD_IMAGES)[number];

/** A registered GPU worker as the admin API shows it; credentials never leave the server. */
export type GpuWorker = z.infer<typeof gpuWorkerSchema>;

/** POST /api/admin/workers/:id/test: one small real generation through that worker. */
export type WorkerTestResult = z.infer<typeof workerTestResultSchema>;

/** A generation job as the admin API shows it (`/api/admin/jobs`, `atelier jobs ...`). Times are ISO strings. */
export type AdminJob = z.infer<typeof adminJobSchema>;

export type PurgeJobsResult = z.infer<typeof purgeJobsResultSchema>;

/** GET /api/admin/jobs/summary: how jobs are dispatched, and how many there are of each status. */
export type JobsSummary = z.infer<typeof jobsSummarySchema>;
