// The generation API's answers as zod schemas (see errors.schemas.ts for why).
import { z } from 'zod';
import { DREAM_MODES, EXAMPLE_PAGES, JOB_STATUSES, RUNPOD_IMAGES, WORKER_KINDS, type ExamplePage } from './generation';

export const startedJobSchema = z.object({ id: z.string() }).meta({ id: 'StartedJob' });

export const jobOutputSchema = z
  .object({
    /** The picture as base64 PNG (no data: prefix), as the original client reads it (docs/requirements/ai-demos.md#jobs). */
    image: z.string(),
    seed: z.int(),
    /** Where the stored PNG is served, e.g. `/assets/generated/<id>.png`. */
    url: z.string(),
  })
  .meta({ id: 'JobOutput' });

export const jobStatusResponseSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    /** Empty until COMPLETED. */
    output: z.array(jobOutputSchema),
    /** From start to finish. */
    executionTime: z.number().nullable(),
    /** From creation to start. */
    delayTime: z.number().nullable(),
    /** The registered GPU worker's id, or `procedural` for the built-in renderer; null before start. */
    workerId: z.string().nullable(),
    /** What went wrong, for ERROR, CANCELLED and TIMED_OUT. */
    error: z.string().nullable(),
    /** How far the render is (0..1) while a GPU worker says; null when unknown. Beyond the original client's fields. */
    progress: z.number().nullable(),
    /** A small JPEG of the render so far (data: URL), while the GPU worker sends one. */
    preview: z.string().nullable(),
  })
  .meta({ id: 'JobStatusResponse' });

export const generationInfoSchema = z
  .object({
    renderer: z.enum(['workers', 'built-in', 'none']),
    /** The models those workers run, named from their checkpoints; empty when unknown or not `workers`. */
    models: z.array(z.string()),
    /** Those workers' GPU labels, each once; empty unless `workers`. */
    gpus: z.array(z.string()),
  })
  .meta({ id: 'GenerationInfo' });

export const generationExampleSchema = z
  .object({
    /** 1 to the page's count in EXAMPLE_IMAGE_COUNTS. */
    position: z.int(),
    /** The picture under /assets, which serves it resized (`?w=768&auto=format`). */
    url: z.string(),
    /** The prompt it was made from; null when the owner did not say. */
    prompt: z.string().nullable(),
    /** The model that really made it, e.g. `SDXL 1.0` or `Atelier Procedural v1`. */
    model: z.string(),
    width: z.int(),
    height: z.int(),
  })
  .meta({ id: 'GenerationExample' });

const examplePage = z.enum(EXAMPLE_PAGES as [ExamplePage, ...ExamplePage[]]);

export const generationExamplesSchema = z.record(examplePage, z.array(generationExampleSchema)).meta({ id: 'GenerationExamples' });

export const adminGenerationExampleSchema = generationExampleSchema
  .extend({
    page: examplePage,
    /** The built-in picture Atelier draws itself, or one the owner sent. */
    builtIn: z.boolean(),
    /** SHA-256 of the stored picture; null while a built-in one is not drawn yet. */
    contentHash: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminGenerationExample' });

export const gpuWorkerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(WORKER_KINDS),
    url: z.string(),
    gpu: z.string(),
    concurrency: z.int(),
    enabled: z.boolean(),
    /** Whether credentials are stored (never their value). */
    hasApiKey: z.boolean(),
    health: z.enum(['unknown', 'healthy', 'degraded', 'unhealthy']),
    /** Why the last health check failed. */
    healthError: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
    /** Jobs it is running now. */
    load: z.int(),
    /** ComfyUI (and RunPod's comfyui image): the checkpoint file the workflow loads; null means the first one installed. */
    checkpoint: z.string().nullable(),
    /** RunPod: which worker image the endpoint runs; null for other kinds. */
    runpodImage: z.enum(RUNPOD_IMAGES).nullable(),
    /** RunPod `custom`: the `input` sent, with `{{prompt}}`, `{{seed}}`, `{{width}}`, `{{height}}` filled in. */
    inputTemplate: z.record(z.string(), z.unknown()).nullable(),
    /** The model the worker named at its last health check or test; null until it named one. */
    model: z.string().nullable(),
    createdAt: z.string(),
    /** The longest a test of it may take (health check, queue limit, render limit): how long `workers test` waits. */
    testTimeoutSeconds: z.number().optional(),
  })
  .meta({ id: 'GpuWorker' });

export const workerTestResultSchema = z
  .object({
    workerId: z.string(),
    /** The GPU label it was registered with. */
    gpu: z.string(),
    /** The model it named, when it names one. */
    model: z.string().nullable(),
    seed: z.int(),
    width: z.int(),
    height: z.int(),
    /** Ms the worker rendered, from when it said it started (a cold start is queueTime, not this). */
    executionTime: z.number(),
    /** Ms the job waited in the worker's own queue (a RunPod cold start); 0 when it never said it waited. */
    queueTime: z.number().optional(),
    /** PNG bytes received. */
    bytes: z.int(),
  })
  .meta({ id: 'WorkerTestResult' });

export const adminJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    /** The prompt rendered: the visitor's, or the curated one a dream mode picked. */
    prompt: z.string(),
    /** Set for Dream-o-matic jobs. */
    dreamMode: z.enum(DREAM_MODES).nullable(),
    /** `procedural`, `a1111`, `comfyui` or `runpod`, once a runner picked one. */
    provider: z.string().nullable(),
    /** The registered GPU worker's id, or `procedural`; null before start. */
    workerId: z.string().nullable(),
    /** Times a runner took the job. */
    attempts: z.int(),
    error: z.string().nullable(),
    /** Where the stored picture is served, for COMPLETED jobs. */
    url: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** Ms from start to finish. */
    executionTime: z.number().nullable(),
    /** Ms from creation to start. */
    delayTime: z.number().nullable(),
  })
  .meta({ id: 'AdminJob' });

export const purgeJobsResultSchema = z.object({ deleted: z.int() }).meta({ id: 'PurgeJobsResult' });

export const jobsSummarySchema = z
  .object({
    /** In-process FIFO, or BullMQ on Redis (REDIS_URL). */
    dispatcher: z.enum(['in-process', 'bullmq']),
    /** Whether this API process also runs jobs (GENERATION_CONSUMER). */
    consumer: z.boolean(),
    counts: z.record(z.enum(JOB_STATUSES), z.int()),
  })
  .meta({ id: 'JobsSummary' });
