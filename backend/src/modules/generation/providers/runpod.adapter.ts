// RunPod serverless (queue-based endpoint at https://api.runpod.ai/v2/<endpointId>): POST /run answers
// {id, status}; GET /status/{id} moves IN_QUEUE -> IN_PROGRESS -> COMPLETED (with `output`) or
// FAILED / CANCELLED / TIMED_OUT (with `error`) (runpod-python endpoint/runner.py). The input and the
// output belong to the worker image the endpoint runs, so each worker says which (RUNPOD_IMAGES).
import type { RunpodImage } from '@atelier/contracts';
import { txt2imgBody, seedFromInfo } from './a1111.adapter';
import { DEFAULT_COMFYUI_WORKFLOW, checkComfyWorkflow, fillComfyWorkflow } from './comfyui-workflow';
import type { GeneratedImage, HealthReport, ImageProvider, ImageRequest, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { fillTemplate } from './input-template';
import { WorkerHttp, WorkerHttpError, bestEffort, cleanupSignal, decodeBase64Image, isRecord, normaliseToPng, parseJson, pollUntil } from './provider-http';

export interface RunpodOptions {
  /** How often to ask /status whether the job has ended (default 1000 ms). */
  pollIntervalMs?: number;
  /** The workflow sent to the `comfyui` image (see comfyui-workflow.ts); default DEFAULT_COMFYUI_WORKFLOW. */
  comfyWorkflow?: unknown;
  /** The job's render time limit (GENERATION_TIMEOUT_SECONDS), sent as RunPod's executionTimeout. */
  renderTimeoutMs?: number;
  /** How long a job may wait (GENERATION_QUEUE_TIMEOUT_SECONDS); with the render limit, RunPod's ttl. */
  queueTimeoutMs?: number;
}

const HINTS = {
  unauthorized: "Check the worker's RunPod API key and that it may use this endpoint",
  notFound: 'Check the worker URL: it should be https://api.runpod.ai/v2/<endpoint id>',
};

/** How a finished-but-failed job is described. */
const FAILED_STATES: Readonly<Record<string, string>> = {
  FAILED: 'failed',
  CANCELLED: 'was cancelled',
  TIMED_OUT: 'timed out',
};

/** RunPod's own bounds for a job's policy (docs: send-requests, "Execution policies"). */
const MIN_EXECUTION_TIMEOUT_MS = 5_001;
const MIN_TTL_MS = 10_000;
const MAX_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * RunPod's ttl counts from submission, our limits from later (the queue limit from the first IN_QUEUE
 * poll, the render limit afresh at IN_PROGRESS), so a ttl of exactly their sum can delete a job that
 * finishes within them before we read it. The ttl is a backstop for a cancel that never arrived, not a
 * limit: a quarter more, and at least 10 minutes, costs nothing on a healthy path.
 */
const TTL_SLACK_MIN_MS = 10 * 60 * 1000;
const TTL_SLACK_FRACTION = 0.25;

/** What the known images run, for the generator pages; a1111, comfyui and custom say at run time or not at all. */
const IMAGE_MODELS: Partial<Record<RunpodImage, string>> = {
  'sd-v1': 'Stable Diffusion 1.5',
  sdxl: 'Stable Diffusion XL 1.0',
  'sdxl-turbo': 'SDXL Turbo',
};

/**
 * Where rp_upload leaves a picture when it has no bucket (runpod-python serverless/utils/rp_upload.py:
 * upload_file_to_bucket's `local_upload/<id>`, upload_image's `simulated_uploaded/<name>`), or an
 * absolute path. get_boto_client makes a client only when BUCKET_ENDPOINT_URL, BUCKET_ACCESS_KEY_ID and
 * BUCKET_SECRET_ACCESS_KEY are all set; worker-sdxl and worker-comfyui call upload_image as soon as
 * BUCKET_ENDPOINT_URL alone is set (base64 otherwise), so `simulated_uploaded/` means the keys are missing.
 */
const LOCAL_FILE = /^(?:\/|local_upload\/|simulated_uploaded\/)[\w./-]*$/;
const BUCKET_KEYS = 'BUCKET_ENDPOINT_URL, BUCKET_ACCESS_KEY_ID and BUCKET_SECRET_ACCESS_KEY';

/** worker-sdxl-turbo's schema allows 512x512 only. */
const SDXL_TURBO_SIDE = 512;

/** A RunPod serverless endpoint running a Stable Diffusion worker; `apiKey` is the RunPod API key. */
export function createRunpodProvider(connection: WorkerConnection, options: RunpodOptions = {}): ImageProvider {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const image = connection.runpodImage ?? 'sd-v1';
  const workflow = options.comfyWorkflow === undefined ? DEFAULT_COMFYUI_WORKFLOW : checkComfyWorkflow(options.comfyWorkflow);
  const http = new WorkerHttp(connection, connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}, HINTS);
  const policy = jobPolicy(options);

  /** The `input` the image accepts: the validated images refuse any key their schema lacks (rp_validator). */
  function inputFor({ prompt, seed, width, height }: ImageRequest): unknown {
    switch (image) {
      case 'sd-v1': // worker-stable_diffusion_v1 src/rp_schema.py
      case 'sdxl': // worker-sdxl schemas.py (imported by handler.py)
        return { prompt, seed, width, height };
      case 'sdxl-turbo': // worker-sdxl-turbo schemas.py
        return { prompt, seed, width: SDXL_TURBO_SIDE, height: SDXL_TURBO_SIDE };
      case 'a1111': // worker-a1111 posts the input to txt2img as it is
        return txt2imgBody({ prompt, seed, width, height });
      case 'comfyui': // worker-comfyui handler.py validate_input
        return { workflow: fillComfyWorkflow(workflow, { prompt, seed, width, height, checkpoint: connection.checkpoint }) };
      case 'custom':
        if (!connection.inputTemplate) throw new ProviderError(`${http.label} runs a custom image but has no input template`);
        return fillTemplate(connection.inputTemplate, { prompt, seed, width, height });
    }
  }

  async function submit(request: ImageRequest): Promise<string> {
    const body = { input: inputFor(request), ...(policy ? { policy } : {}) };
    const answer = await http.json('/run', { method: 'POST', body, signal: request.signal });
    const id = isRecord(answer) ? answer.id : undefined;
    if (typeof id !== 'string' || !id) throw new ProviderError(`${http.label} accepted the job but answered no id`);
    return id;
  }

  /** The job's output once COMPLETED (boxed: an output may itself be empty), undefined while it runs. */
  async function finishedOutput(id: string, request: ImageRequest): Promise<{ output: unknown } | undefined> {
    const answer = await http.json(`/status/${encodeURIComponent(id)}`, { signal: request.signal }).catch((error: unknown) => {
      // /run on this URL just worked, so a 404 here is the job gone (its ttl passed, or RunPod dropped
      // its result), not a wrong URL.
      if (error instanceof WorkerHttpError && error.status === 404) throw new JobEnded(jobGone(http.label, id, policy));
      throw error;
    });
    const record = isRecord(answer) ? answer : {};
    const status = record.status;
    // IN_QUEUE covers a cold start; while IN_PROGRESS a handler may publish progress as the output.
    if (status === 'IN_QUEUE') request.report?.({ phase: 'queued' });
    if (status === 'IN_PROGRESS') request.report?.({ phase: 'rendering', progress: progressIn(record.output) });
    if (typeof status === 'string' && status in FAILED_STATES) {
      throw new JobEnded(`${http.label}: job ${id} ${FAILED_STATES[status]}: ${http.quote(failureText(record) ?? 'no reason given')}`);
    }
    if (status !== 'COMPLETED') return undefined; // IN_QUEUE, IN_PROGRESS, or a state newer than this code
    // A handler that returned {error} (or {errors} and no picture) failed, whatever the status says.
    const failure = failureText(record);
    if (failure) throw new JobEnded(`${http.label}: job ${id} failed: ${http.quote(failure)}`);
    return { output: record.output };
  }

  async function imageBytes(found: string, signal: AbortSignal): Promise<Buffer> {
    if (/^https?:\/\//i.test(found)) return http.download(found, signal);
    if (LOCAL_FILE.test(found)) {
      // rp_upload falls back to a path on the worker's own disk unless all three bucket settings are there.
      const fix = found.startsWith('simulated_uploaded/')
        ? `BUCKET_ENDPOINT_URL is set but the bucket keys are missing: set BUCKET_ACCESS_KEY_ID and BUCKET_SECRET_ACCESS_KEY on the endpoint, or remove BUCKET_ENDPOINT_URL to get base64`
        : `rp_upload needs ${BUCKET_KEYS} on the endpoint (all three), or use an image that returns base64`;
      throw new ProviderError(`${http.label} saved the picture on the worker's own disk (${found}): ${fix}`);
    }
    return decodeBase64Image(found);
  }

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const id = await submit(request);
      let finished: { output: unknown };
      try {
        finished = await pollUntil(() => finishedOutput(id, request), pollIntervalMs, request.signal);
      } catch (error) {
        // A serverless worker bills while it runs: stop the job we no longer wait for, however we stopped.
        if (!(error instanceof JobEnded)) {
          bestEffort(() => http.json(`/cancel/${encodeURIComponent(id)}`, { method: 'POST', signal: cleanupSignal() }));
        }
        throw error;
      }
      const found = findOutputImage(finished.output);
      if (!found) throw new ProviderError(`${http.label}: job ${id} completed without an image in its output`);
      const png = await normaliseToPng(await imageBytes(found.image, request.signal), http.label);
      return { png, seed: found.seed ?? request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<HealthReport> {
      const answer = await http.json('/health', { signal });
      if (!isRecord(answer)) throw new ProviderError(`${http.label} answered /health with an unexpected shape`);
      const model = image === 'comfyui' ? connection.checkpoint : IMAGE_MODELS[image];
      return { model, warning: capacityWarning(answer.workers) };
    },
  };
}

/** A backstop should our cancel never arrive: RunPod ends the job itself past these limits. */
function jobPolicy({ renderTimeoutMs, queueTimeoutMs = 0 }: RunpodOptions): { executionTimeout: number; ttl: number } | undefined {
  if (renderTimeoutMs === undefined) return undefined;
  const executionTimeout = Math.max(renderTimeoutMs, MIN_EXECUTION_TIMEOUT_MS);
  const limits = executionTimeout + queueTimeoutMs;
  const slack = Math.max(TTL_SLACK_MIN_MS, Math.round(limits * TTL_SLACK_FRACTION));
  const ttl = Math.min(Math.max(limits + slack, MIN_TTL_MS), MAX_TTL_MS);
  return { executionTimeout, ttl };
}

function jobGone(label: string, id: string, policy: { ttl: number } | undefined): string {
  const ttl = policy ? ` (its ttl was ${Math.round(policy.ttl / 1000)} s from submission)` : '';
  return `${label}: RunPod no longer has job ${id}${ttl}: it expired or its result was removed before it was read; the job is lost, submit it again`;
}

/**
 * Progress a custom handler published with runpod-python's `progress_update` (rp_progress.py), which
 * shows in /status as the output of an IN_PROGRESS job: a fraction, a percentage, `{value, max}` or
 * `{percent}`. None of the stock Stable Diffusion images publish any (worker-comfyui's handler.py only
 * prints ComfyUI's websocket messages).
 */
function progressIn(output: unknown): number | undefined {
  const fraction = (value: unknown, scale = 1) => (typeof value === 'number' && Number.isFinite(value) ? value / scale : undefined);
  if (typeof output === 'number') return fraction(output, output > 1 ? 100 : 1);
  if (!isRecord(output)) return undefined;
  if (typeof output.max === 'number' && output.max > 0) return fraction(output.value, output.max);
  if (typeof output.percent === 'number') return fraction(output.percent, 100);
  if (typeof output.progress === 'number') return fraction(output.progress, output.progress > 1 ? 100 : 1);
  return undefined;
}

/** The job reached a final state on RunPod: nothing left to cancel. */
class JobEnded extends ProviderError {}

/**
 * Why an endpoint that answers may still keep jobs waiting, from /health's `workers` counts: none
 * ready or idle means the next job waits for a cold start (or forever, at max workers 0).
 */
function capacityWarning(workers: unknown): string | undefined {
  if (!isRecord(workers)) return undefined;
  const count = (key: string) => (typeof workers[key] === 'number' ? (workers[key] as number) : 0);
  const available = count('idle') + count('ready') + count('running');
  if (available > 0) return undefined;
  if (count('throttled') > 0) {
    return `all ${count('throttled')} of its workers are throttled: RunPod has no GPU of that type free; jobs wait until one is`;
  }
  if (count('initializing') > 0) return 'its workers are still starting; jobs wait until one is ready';
  return 'no worker is running or idle: the next job waits for a cold start (or forever, if the endpoint allows no workers)';
}

/**
 * A job's reason for failing, or undefined when it gives none. RunPod's `error` is what the handler
 * returned as `error` (text or a list) or, when it raised, runpod-python's JSON string of
 * {error_type, error_message, error_traceback}; worker-comfyui adds `details` and `errors` in the
 * output.
 */
function failureText(status: Record<string, unknown>): string | undefined {
  const output = isRecord(status.output) ? status.output : {};
  const parts = [describeError(status.error), describeError(output.error)];
  const images = Array.isArray(output.images) && output.images.length > 0;
  // worker-comfyui's `details`/`errors`; worker-a1111 passes A1111's 422 body ({detail}) through as output.
  if (parts.some(Boolean) || !images) parts.push(describeError(output.details), describeError(output.errors), describeError(output.detail));
  const text = parts.filter((part): part is string => Boolean(part)).join(': ');
  return text || undefined;
}

function describeError(error: unknown): string | undefined {
  const parsed = typeof error === 'string' ? (parseJson(error) ?? error) : error;
  if (typeof parsed === 'string') return parsed.trim() || undefined;
  if (Array.isArray(parsed)) {
    const items = parsed.map(describeError).filter(Boolean);
    return items.length > 0 ? items.join('; ') : undefined;
  }
  if (isRecord(parsed)) {
    const message = parsed.error_message ?? parsed.message ?? parsed.error;
    return typeof message === 'string' && message ? message : JSON.stringify(parsed);
  }
  return parsed === undefined || parsed === null ? undefined : String(parsed);
}

interface OutputImage {
  /** Raw base64, a data: URL, or an http(s) URL. */
  image: string;
  seed?: number;
}

/**
 * The first picture in a job's output, for the shapes the Stable Diffusion images return:
 * `[{image, seed}]` (sd-v1), `{images: [dataUrl], image_url, seed}` (sdxl),
 * `{images: [{image, seed}]}` (sdxl-turbo), `{images: [base64], info}` (a1111),
 * `{images: [{filename, type, data}]}` (comfyui), `{image_url}` / `{image}`, or a bare string.
 */
export function findOutputImage(output: unknown): OutputImage | undefined {
  if (typeof output === 'string') return output ? { image: output } : undefined;
  if (Array.isArray(output)) return imageFromItem(output[0], undefined);
  if (!isRecord(output)) return undefined;
  const seed = readSeed(output);
  if (Array.isArray(output.images)) return imageFromItem(output.images[0], seed);
  return imageFromItem(output, seed);
}

function imageFromItem(item: unknown, fallbackSeed: number | undefined): OutputImage | undefined {
  if (typeof item === 'string') return item ? { image: item, seed: fallbackSeed } : undefined;
  if (!isRecord(item)) return undefined;
  const image = [item.image_url, item.image, item.url, item.data].find((value): value is string => typeof value === 'string' && value !== '');
  return image === undefined ? undefined : { image, seed: readSeed(item) ?? fallbackSeed };
}

function readSeed(record: Record<string, unknown>): number | undefined {
  return Number.isSafeInteger(record.seed) ? (record.seed as number) : seedFromInfo(record.info);
}
