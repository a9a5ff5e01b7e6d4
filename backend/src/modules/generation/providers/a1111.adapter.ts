// AUTOMATIC1111 / SD WebUI Forge, started with --api (and --api-auth user:password when exposed):
// one synchronous POST /sdapi/v1/txt2img answers {images: [base64], parameters, info: <JSON string>}.
import type { GeneratedImage, ImageProvider, ImageRequest, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { WorkerHttp, decodeBase64Image, isRecord, normaliseToPng, parseJson } from './provider-http';

/** Sampling settings sent with every picture: SD 1.5 defaults that every A1111 and Forge build knows. */
export const A1111_TXT2IMG_DEFAULTS = {
  steps: 20,
  cfg_scale: 7,
  sampler_name: 'Euler a',
} as const;

const HINTS = {
  unauthorized: "Check the worker's credentials: they must be the user:password given to the web UI's --api-auth",
  notFound: 'Is the web UI started with --api, and is this its address (default port 7860)?',
};

/** An A1111 / Forge web UI as an image provider; `apiKey` is `user:password` for HTTP Basic. */
export function createA1111Provider(connection: WorkerConnection): ImageProvider {
  const credentials: Record<string, string> = connection.apiKey
    ? { authorization: `Basic ${Buffer.from(connection.apiKey, 'utf8').toString('base64')}` }
    : {};
  const http = new WorkerHttp(connection, credentials, HINTS);

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const answer = await http.json('/sdapi/v1/txt2img', { method: 'POST', body: txt2imgBody(request), signal: request.signal });
      const image = firstImage(answer);
      if (image === undefined) throw new ProviderError(`${http.label} answered txt2img without an image`);
      const png = await normaliseToPng(decodeBase64Image(image), http.label);
      const seed = isRecord(answer) ? seedFromInfo(answer.info) : undefined;
      return { png, seed: seed ?? request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<void> {
      // Cheap and behind --api-auth like txt2img, so it also proves the credentials.
      const answer = await http.json('/sdapi/v1/progress', { query: { skip_current_image: 'true' }, signal });
      if (!isRecord(answer)) throw new ProviderError(`${http.label} answered /sdapi/v1/progress with an unexpected shape`);
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

function txt2imgBody(request: ImageRequest) {
  return {
    prompt: request.prompt,
    seed: request.seed,
    width: request.width,
    height: request.height,
    ...A1111_TXT2IMG_DEFAULTS,
    batch_size: 1,
    n_iter: 1,
  };
}

function firstImage(answer: unknown): string | undefined {
  if (!isRecord(answer) || !Array.isArray(answer.images)) return undefined;
  const [image] = answer.images as unknown[];
  return typeof image === 'string' && image.length > 0 ? image : undefined;
}
