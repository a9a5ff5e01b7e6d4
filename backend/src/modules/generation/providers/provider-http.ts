// What the three GPU worker adapters share: HTTP calls that turn every failure into a ProviderError
// an owner can act on, abortable sleeps and polling, and image decoding into PNG.
import sharp from 'sharp';
import { Agent, fetch, WebSocket, type RequestInit, type Response } from 'undici';
import { ProviderError, type WorkerConnection } from './image-provider';

/** Longest piece of a worker's answer quoted in an error message; job errors are shown to people. */
const QUOTE_LIMIT = 300;

/** Largest image accepted from a worker; a 2048x2048 PNG is well under this. */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Largest JSON answer accepted from a worker: room for one such image in base64, and a little more. */
export const MAX_JSON_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

/** Of an error answer only the start is read: a message quotes 300 characters of it. */
const ERROR_BODY_BYTES = 64 * 1024;

/** Decompression bombs: a small file may claim a huge canvas; refuse before decoding it. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** Failed polls in a row that are tolerated: a proxy hiccup should not sink a long GPU job. */
const POLL_RETRIES = 3;

/**
 * Calls to workers end when their signal says (the job's GENERATION_TIMEOUT_SECONDS, a health check's
 * limit, a cancel), never earlier: fetch's own 300 s limits for headers and body would cut a long
 * A1111 render, which answers only when the picture is done.
 */
const workerAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** A worker answered with an HTTP error status, or (status undefined) could not be reached at all. */
export class WorkerHttpError extends ProviderError {
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The network or the server failed, not the request: asking again may work. */
  get transient(): boolean {
    return this.status === undefined || this.status === 429 || this.status >= 500;
  }
}

/** What to tell the owner when a worker refuses the credentials or does not know a path. */
export interface WorkerHints {
  unauthorized: string;
  notFound: string;
}

export interface WorkerRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal: AbortSignal;
}

/** One registered worker's HTTP side: its base URL, its credentials, and how errors name it. */
export class WorkerHttp {
  /** How messages name the worker, e.g. `a1111 worker at http://gpu-box:7860`. */
  readonly label: string;
  private readonly base: string;

  constructor(
    private readonly connection: WorkerConnection,
    private readonly credentials: Record<string, string>,
    private readonly hints: WorkerHints,
  ) {
    this.base = connection.url.replace(/\/+$/, '');
    this.label = `${connection.kind} worker at ${displayUrl(connection.url)}`;
  }

  /** Calls `path` under the worker's URL and parses the JSON answer. */
  async json(path: string, request: WorkerRequest): Promise<unknown> {
    const response = await this.send(path, request);
    const text = (await this.readLimited(response, request.signal, MAX_JSON_BYTES, `answered ${path} with`)).toString('utf8');
    const parsed = parseJson(text);
    if (parsed === undefined) {
      throw new ProviderError(`${this.label} answered ${path} with something that is not JSON: ${this.quote(text) || '(empty)'}`);
    }
    return parsed;
  }

  /** Calls `path` for its effect, whatever the answer holds: ComfyUI answers /queue and /interrupt with an empty 200. */
  async call(path: string, request: WorkerRequest): Promise<void> {
    const response = await this.send(path, request);
    await response.body?.cancel().catch(() => undefined);
  }

  /** Calls `path` under the worker's URL and returns the raw bytes (an image). */
  async bytes(path: string, request: WorkerRequest): Promise<Buffer> {
    const response = await this.send(path, request);
    return this.readImageBytes(response, request.signal);
  }

  /**
   * Fetches an image from a URL the worker handed out (often object storage). The worker's
   * credentials stay home: they were given to the worker, not to whoever hosts its files.
   */
  async download(url: string, signal: AbortSignal): Promise<Buffer> {
    const response = await this.fetchOrExplain(url, { headers: {} }, signal);
    // No hints: they describe the worker's own API, not the file host.
    if (!response.ok) throw await this.statusError(response, displayUrl(url), signal, false);
    return this.readImageBytes(response, signal);
  }

  /** A WebSocket to `path` under the worker's URL (ws: for http:, wss: for https:), with the credentials. */
  openSocket(path: string, query: Record<string, string>): WebSocket {
    const url = `${this.base.replace(/^http/i, 'ws')}${path}?${new URLSearchParams(query).toString()}`;
    return new WebSocket(url, { headers: this.credentials, dispatcher: workerAgent });
  }

  /** Errors quote the worker's own words, never the stored credentials. */
  quote(text: string): string {
    let flat = text.replace(/\s+/g, ' ').trim();
    const secret = this.connection.apiKey;
    if (secret) flat = flat.split(secret).join('***');
    return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT)}…` : flat;
  }

  private async send(path: string, request: WorkerRequest): Promise<Response> {
    const url = this.base + path + (request.query ? `?${new URLSearchParams(request.query).toString()}` : '');
    const headers: Record<string, string> = { accept: 'application/json', ...this.credentials };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const response = await this.fetchOrExplain(url, { method: request.method ?? 'GET', headers, body }, request.signal);
    if (!response.ok) throw await this.statusError(response, path, request.signal);
    return response;
  }

  private async fetchOrExplain(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal, dispatcher: workerAgent });
    } catch (error) {
      throwIfAborted(signal);
      throw new WorkerHttpError(`${this.label} could not be reached: ${networkReason(error)}`, undefined, { cause: error });
    }
  }

  /**
   * The answer's bytes, counted as they arrive: past `limit` the download is cancelled and the answer
   * refused (`what` says which, e.g. `sent an image of`), so a worker streaming without end, with or
   * without a Content-Length, never fills the API's memory. With `truncate`, the first `limit` bytes
   * are kept instead (an error answer, of which only the start is quoted).
   */
  private async readLimited(response: Response, signal: AbortSignal, limit: number, what: string, truncate = false): Promise<Buffer> {
    const tooLarge = (size: string) => new ProviderError(`${this.label} ${what} ${size}; the limit is ${limit} bytes`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > limit && !truncate) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(`${declared} bytes`);
    }
    if (!response.body) return Buffer.alloc(0);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const room = limit - total;
        if (value.byteLength > room) {
          await reader.cancel().catch(() => undefined);
          if (!truncate) throw tooLarge(`more than ${limit} bytes`);
          chunks.push(value.subarray(0, room));
          total = limit;
          break;
        }
        chunks.push(value);
        total += value.byteLength;
      }
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throwIfAborted(signal);
      throw new WorkerHttpError(`${this.label} dropped the connection while answering: ${networkReason(error)}`, undefined, {
        cause: error,
      });
    }
    return Buffer.concat(chunks, total);
  }

  private readImageBytes(response: Response, signal: AbortSignal): Promise<Buffer> {
    return this.readLimited(response, signal, MAX_IMAGE_BYTES, 'sent an image of');
  }

  private async statusError(response: Response, path: string, signal: AbortSignal, hinted = true): Promise<WorkerHttpError> {
    const text = await this.readLimited(response, signal, ERROR_BODY_BYTES, 'answered an error of', true).then(
      (bytes) => bytes.toString('utf8'),
      (error: unknown) => {
        throwIfAborted(signal);
        return errorMessage(error);
      },
    );
    const detail = this.quote(summariseErrorBody(text)) || response.statusText || 'no details';
    const status = response.status;
    if (status === 404) {
      return new WorkerHttpError(`${this.label} answered 404 for ${path}: ${detail}${hinted ? `. ${this.hints.notFound}` : ''}`, status);
    }
    const refused = (status === 401 || status === 403) && hinted;
    return new WorkerHttpError(`${this.label} answered ${status}: ${detail}${refused ? `. ${this.hints.unauthorized}` : ''}`, status);
  }
}

/** Sleeps, but an abort ends the wait at once with the abort's own reason. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `check` every `intervalMs` until it returns a value. A few transient failures in a row
 * (network, 5xx) are retried; anything else, and the abort reason, end the wait.
 */
export async function pollUntil<T>(check: () => Promise<T | undefined>, intervalMs: number, signal: AbortSignal): Promise<T> {
  let failuresInARow = 0;
  for (;;) {
    try {
      const result = await check();
      if (result !== undefined) return result;
      failuresInARow = 0;
    } catch (error) {
      const retry = !signal.aborted && error instanceof WorkerHttpError && error.transient && failuresInARow < POLL_RETRIES;
      if (!retry) throw error;
      failuresInARow += 1;
    }
    await sleep(intervalMs, signal);
  }
}

/** Starts a clean-up call nobody waits for (cancelling a remote job after an abort). */
export function bestEffort(work: () => Promise<unknown>): void {
  work().catch(() => undefined);
}

/** A short, separate deadline for clean-up calls made after the job's own signal has fired. */
export function cleanupSignal(): AbortSignal {
  return AbortSignal.timeout(5_000);
}

const DATA_URL_PREFIX = /^data:image\/[\w.+-]+;base64,/i;

/** Raw base64 or a `data:image/...;base64,` URL, as workers return images inside JSON. */
export function decodeBase64Image(text: string): Buffer {
  return Buffer.from(text.trim().replace(DATA_URL_PREFIX, ''), 'base64');
}

/** Re-encodes whatever the worker sent as PNG; anything sharp cannot decode is the worker's fault. */
export async function normaliseToPng(image: Buffer, label: string): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
  } catch (error) {
    throw new ProviderError(`${label} returned an image that could not be decoded`, { cause: error });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed value, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function throwIfAborted(signal: AbortSignal): void {
  // The caller decides what an abort means (its own timeout message), so its reason goes back untouched.
  if (signal.aborted) throw signal.reason;
}

/** undici hides the useful part (`connect ECONNREFUSED ...`, `getaddrinfo ENOTFOUND ...`) in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | undefined)?.cause;
  if (typeof cause?.message === 'string' && cause.message) return cause.message;
  if (typeof cause?.code === 'string') return cause.code;
  return errorMessage(error);
}

/** An error's message; duck-typed because errors from Node internals may come from another realm (Jest's vm). */
export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** The worker URL without user info, query or fragment, for messages and logs. */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

/**
 * The readable part of an error body. A1111 answers `{error, detail, body, errors}`, ComfyUI
 * `{error: {message, details}, node_errors}`, FastAPI and proxies `{detail}` / `{message}`.
 */
function summariseErrorBody(text: string): string {
  const parsed = parseJson(text);
  if (!isRecord(parsed)) return text;
  const parts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value !== 'string' || !value.trim()) return;
    const part = value.trim();
    // A1111 repeats itself (`detail` inside `errors`); say each thing once.
    if (!parts.some((known) => known.includes(part) || part.includes(known))) parts.push(part);
  };
  if (isRecord(parsed.error)) {
    add(parsed.error.message);
    add(parsed.error.details);
  } else {
    add(parsed.error);
  }
  add(parsed.detail);
  add(parsed.errors);
  add(parsed.message);
  add(comfyNodeErrors(parsed.node_errors));
  return parts.length > 0 ? parts.join(': ') : text;
}

/**
 * ComfyUI's reasons for refusing a workflow: when a node feeding the output fails validation (a
 * checkpoint that is not installed), `error.details` stays empty and only `node_errors` says why.
 */
export function comfyNodeErrors(nodeErrors: unknown): string | undefined {
  if (!isRecord(nodeErrors)) return undefined;
  const reasons = Object.entries(nodeErrors).flatMap(([nodeId, node]) => {
    if (!isRecord(node) || !Array.isArray(node.errors)) return [];
    const where = typeof node.class_type === 'string' ? `${node.class_type} (node ${nodeId})` : `node ${nodeId}`;
    return (node.errors as unknown[]).filter(isRecord).map((error) => {
      const said = [error.message, error.details].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
      return `${where}: ${said.join(': ') || 'invalid'}`;
    });
  });
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}
