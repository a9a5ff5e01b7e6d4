// AUTOMATIC1111 / SD WebUI Forge, started with --api (and --api-auth user:password when exposed):
// one synchronous POST /sdapi/v1/txt2img answers {images: [base64], parameters, info: <JSON string>}
// (modules/api/api.py text2imgapi). It renders under the web UI's queue_lock whether or not the
// caller still listens, so a job we stop is interrupted (POST /sdapi/v1/interrupt) once it is ours
// that runs.
import { randomUUID } from 'node:crypto';
import type { GeneratedImage, HealthReport, ImageProvider, ImageRequest, RenderUpdate, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { WorkerHttp, WorkerHttpError, bestEffort, decodeBase64Image, isRecord, normaliseToPng, parseJson, sleep } from './provider-http';

/** Sampling settings sent with every picture: SD 1.5 defaults that every A1111 and Forge build knows. */
export const A1111_TXT2IMG_DEFAULTS = {
  steps: 20,
  cfg_scale: 7,
  sampler_name: 'Euler a',
} as const;

const HINTS = {
  unauthorized: "Check the worker's credentials: they must be the user:password given to the web UI's --api-auth",
  // webui.py: the web UI listens on 7860; api_only (--nowebui) on 7861 unless --port says otherwise.
  notFound: 'Is the web UI started with --api, and is this its address (default port 7860, or 7861 with --nowebui)?',
};

export interface A1111Options {
  /** GENERATION_QUEUE_TIMEOUT_SECONDS: how long a stopped task is watched for its start (default 15 min). */
  queueTimeoutMs?: number;
}

/** An A1111 / Forge web UI as an image provider; `apiKey` is `user:password` for HTTP Basic. */
export function createA1111Provider(connection: WorkerConnection, options: A1111Options = {}): ImageProvider {
  const interruptWatchMs = options.queueTimeoutMs ?? DEFAULT_INTERRUPT_WATCH_MS;
  const credentials: Record<string, string> = connection.apiKey
    ? { authorization: `Basic ${Buffer.from(connection.apiKey, 'utf8').toString('base64')}` }
    : {};
  const http = new WorkerHttp(connection, credentials, HINTS);

  /**
   * Interrupts our render once it runs. `/internal/progress` (the web UI's own progress API, there
   * unless started with --nowebui) says whether our task is the active one; A1111 forgets an
   * interrupt sent while a task waits, so a queued one is watched until it starts. Without that API
   * the running task is ours only when Atelier sends this worker one job at a time.
   */
  async function interruptOurTask(taskId: string): Promise<void> {
    const deadline = AbortSignal.timeout(interruptWatchMs);
    for (;;) {
      let task: unknown;
      try {
        task = await http.json('/internal/progress', {
          method: 'POST',
          body: { id_task: taskId, id_live_preview: -1, live_preview: false },
          signal: deadline,
        });
      } catch (error) {
        if (!(error instanceof WorkerHttpError && error.status === 404)) throw error;
        if ((connection.concurrency ?? 1) === 1) await http.call('/sdapi/v1/interrupt', { method: 'POST', signal: deadline });
        return;
      }
      if (!isRecord(task) || task.completed === true) return;
      if (task.active === true) {
        await http.call('/sdapi/v1/interrupt', { method: 'POST', signal: deadline });
        return;
      }
      if (task.queued !== true) return; // finished and forgotten, or never arrived
      await sleep(INTERRUPT_POLL_MS, deadline);
    }
  }

  /** Where our task stands and how it looks, or undefined when the web UI cannot tell us. */
  async function taskProgress(taskId: string, signal: AbortSignal): Promise<RenderUpdate | undefined> {
    try {
      const task = await http.json('/internal/progress', {
        method: 'POST',
        body: { id_task: taskId, id_live_preview: -1, live_preview: true },
        signal,
      });
      if (!isRecord(task)) return undefined;
      if (task.queued === true) return { phase: 'queued' };
      if (task.active !== true) return undefined;
      return { phase: 'rendering', progress: fraction(task.progress), preview: imageFrom(task.live_preview) };
    } catch (error) {
      // --nowebui: only the web UI-wide progress, which is ours when we send one job at a time.
      if (!(error instanceof WorkerHttpError && error.status === 404) || (connection.concurrency ?? 1) !== 1) throw error;
    }
    const state = await http.json('/sdapi/v1/progress', { query: { skip_current_image: 'false' }, signal });
    if (!isRecord(state) || !isRecord(state.state) || !(Number(state.state.job_count) > 0)) return undefined;
    return { phase: 'rendering', progress: fraction(state.progress), preview: imageFrom(state.current_image) };
  }

  /** Reports our task's progress every second until `done` aborts. */
  async function watch(taskId: string, report: NonNullable<ImageRequest['report']>, done: AbortSignal): Promise<void> {
    while (!done.aborted) {
      await sleep(PROGRESS_POLL_MS, done);
      const update = await taskProgress(taskId, done).catch(() => undefined);
      if (update && !done.aborted) report(update);
    }
  }

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const taskId = `task(atelier-${randomUUID()})`;
      const answered = new AbortController();
      if (request.report) bestEffort(() => watch(taskId, request.report!, AbortSignal.any([answered.signal, request.signal])));
      let answer: unknown;
      try {
        answer = await http.json('/sdapi/v1/txt2img', { method: 'POST', body: txt2imgBody(request, taskId), signal: request.signal });
      } catch (error) {
        // Stopped on our side (cancel, timeout, shutdown): the web UI would render on regardless.
        if (request.signal.aborted) bestEffort(() => interruptOurTask(taskId));
        throw error;
      } finally {
        answered.abort();
      }
      const image = firstImage(answer);
      if (image === undefined) throw new ProviderError(`${http.label} answered txt2img without an image`);
      const png = await normaliseToPng(decodeBase64Image(image), http.label);
      const seed = isRecord(answer) ? seedFromInfo(answer.info) : undefined;
      return { png, seed: seed ?? request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<HealthReport> {
      // Cheap and behind --api-auth like txt2img, so it also proves the credentials.
      const answer = await http.json('/sdapi/v1/progress', { query: { skip_current_image: 'true' }, signal });
      if (!isRecord(answer)) throw new ProviderError(`${http.label} answered /sdapi/v1/progress with an unexpected shape`);
      const options = await http.json('/sdapi/v1/options', { signal });
      const model = isRecord(options) && typeof options.sd_model_checkpoint === 'string' ? options.sd_model_checkpoint : undefined;
      return { model: model || undefined };
    },
  };
}

/**
 * The seed the web UI used, from txt2img's `info` (a JSON string; some forks send the object).
 * RunPod's A1111 workers pass the same `info` through, so the RunPod adapter reads it too.
 */
export function seedFromInfo(info: unknown): number | undefined {
  const parsed = typeof info === 'string' ? parseJson(info) : info;
  if (!isRecord(parsed)) return undefined;
  return Number.isSafeInteger(parsed.seed) ? (parsed.seed as number) : undefined;
}

/** How often a render's progress is asked for while txt2img runs. */
const PROGRESS_POLL_MS = 1_000;

/** A 0..1 progress figure, if that is what the web UI sent. */
function fraction(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
}

/** The preview the web UI sent (base64 or a data: URL), if any. */
function imageFrom(value: unknown): Buffer | undefined {
  return typeof value === 'string' && value.length > 0 ? decodeBase64Image(value) : undefined;
}

/**
 * How long a stopped job's task is watched for its start, to interrupt it then, when the queue limit is
 * not given. The watch lasts as long as a job may wait in a worker's queue (GENERATION_QUEUE_TIMEOUT_SECONDS,
 * default 15 min): it is the same queue_lock line, so a task still waiting past that is as stuck as a job
 * would be; a fixed 10 minutes gave up on tasks a live job would still have waited for.
 */
const DEFAULT_INTERRUPT_WATCH_MS = 15 * 60_000;
const INTERRUPT_POLL_MS = 1_000;

/**
 * The txt2img request (modules/api/models.py StableDiffusionTxt2ImgProcessingAPI). `force_task_id`
 * names the task so /internal/progress can tell whether it is the one running; web UIs older than
 * 1.6 ignore it like any unknown field.
 */
export function txt2imgBody(request: Pick<ImageRequest, 'prompt' | 'seed' | 'width' | 'height'>, taskId?: string) {
  return {
    prompt: request.prompt,
    seed: request.seed,
    width: request.width,
    height: request.height,
    ...A1111_TXT2IMG_DEFAULTS,
    batch_size: 1,
    n_iter: 1,
    ...(taskId ? { force_task_id: taskId } : {}),
  };
}

function firstImage(answer: unknown): string | undefined {
  if (!isRecord(answer) || !Array.isArray(answer.images)) return undefined;
  const [image] = answer.images as unknown[];
  return typeof image === 'string' && image.length > 0 ? image : undefined;
}
