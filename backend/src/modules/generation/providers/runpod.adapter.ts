// RunPod serverless (queue-based endpoint at https://api.runpod.ai/v2/<endpointId>): POST /run answers
// {id, status}; GET /status/{id} moves IN_QUEUE -> IN_PROGRESS -> COMPLETED (with `output`) or
// FAILED / CANCELLED / TIMED_OUT (with `error`). The output's shape belongs to the worker image.
import type { GeneratedImage, ImageProvider, ImageRequest, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { seedFromInfo } from './a1111.adapter';
import { WorkerHttp, bestEffort, cleanupSignal, decodeBase64Image, isRecord, normaliseToPng, parseJson, pollUntil } from './provider-http';

export interface RunpodOptions {
  /** How often to ask /status whether the job has ended (default 1000 ms). */
  pollIntervalMs?: number;
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

/** A RunPod serverless endpoint running a Stable Diffusion worker; `apiKey` is the RunPod API key. */
export function createRunpodProvider(connection: WorkerConnection, options: RunpodOptions = {}): ImageProvider {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const http = new WorkerHttp(connection, connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}, HINTS);

  async function submit(request: ImageRequest): Promise<string> {
    const { prompt, seed, width, height, signal } = request;
    const answer = await http.json('/run', { method: 'POST', body: { input: { prompt, seed, width, height, num_outputs: 1 } }, signal });
    const id = isRecord(answer) ? answer.id : undefined;
    if (typeof id !== 'string' || !id) throw new ProviderError(`${http.label} accepted the job but answered no id`);
    return id;
  }

  /** The job's output once COMPLETED (boxed: an output may itself be empty), undefined while it runs. */
  async function finishedOutput(id: string, signal: AbortSignal): Promise<{ output: unknown } | undefined> {
    const answer = await http.json(`/status/${encodeURIComponent(id)}`, { signal });
    const status = isRecord(answer) ? answer.status : undefined;
    if (status === 'COMPLETED') return { output: (answer as Record<string, unknown>).output };
    if (typeof status === 'string' && status in FAILED_STATES) {
      const reason = http.quote(runpodErrorText((answer as Record<string, unknown>).error));
      throw new ProviderError(`${http.label}: job ${id} ${FAILED_STATES[status]}: ${reason}`);
    }
    return undefined; // IN_QUEUE, IN_PROGRESS, or a state newer than this code
  }

  async function imageBytes(image: string, signal: AbortSignal): Promise<Buffer> {
    return /^https?:\/\//i.test(image) ? http.download(image, signal) : decodeBase64Image(image);
  }

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const id = await submit(request);
      let finished: { output: unknown };
      try {
        finished = await pollUntil(() => finishedOutput(id, request.signal), pollIntervalMs, request.signal);
      } catch (error) {
        // A serverless worker bills while it runs: stop the job we no longer want.
        if (request.signal.aborted) {
          bestEffort(() => http.json(`/cancel/${encodeURIComponent(id)}`, { method: 'POST', signal: cleanupSignal() }));
        }
        throw error;
      }
      const image = findOutputImage(finished.output);
      if (!image) throw new ProviderError(`${http.label}: job ${id} completed without an image in its output`);
      const png = await normaliseToPng(await imageBytes(image.image, request.signal), http.label);
      return { png, seed: image.seed ?? request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<void> {
      const answer = await http.json('/health', { signal });
      if (!isRecord(answer)) throw new ProviderError(`${http.label} answered /health with an unexpected shape`);
    },
  };
}

interface OutputImage {
  /** Raw base64, a data: URL, or an http(s) URL. */
  image: string;
  seed?: number;
}

/**
 * The first picture in a job's output, for the shapes Stable Diffusion workers return:
 * `[{image, seed}]`, `{images: [string | {image|url|data}], seed?}` (A1111 workers add `info`),
 * `{image_url}` / `{image}`, or a bare string.
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

/**
 * RunPod's `error` is the handler's text; the Python SDK sends a JSON string of
 * {error_type, error_message, error_traceback}, of which the message is the part people need.
 */
function runpodErrorText(error: unknown): string {
  const parsed = typeof error === 'string' ? parseJson(error) : error;
  if (isRecord(parsed)) {
    const message = parsed.error_message ?? parsed.message ?? parsed.error;
    return typeof message === 'string' && message ? message : JSON.stringify(parsed);
  }
  return typeof error === 'string' && error ? error : 'no reason given';
}
