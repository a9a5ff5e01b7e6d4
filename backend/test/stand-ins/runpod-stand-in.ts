// A stand-in for a RunPod serverless (queue-based) endpoint running a Stable Diffusion worker:
// POST /v2/<endpoint>/run, GET /status/{id}, POST /cancel/{id}, GET /health, with RunPod's job
// states and the output shapes real SD worker images return. Pictures given out as URLs are
// served from /files/, outside the endpoint and without auth, like object storage.
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import {
  GARBAGE_IMAGE,
  type RecordedRequest,
  type StandIn,
  type StandInBehaviour,
  hasBearer,
  listenStandIn,
  sendBytes,
  sendJson,
  sendText,
  solidPng,
} from './stand-in-server';

/**
 * How COMPLETED output looks: `list` = `[{image, seed}]`; `images` = `{images: [image], seed}`;
 * `image` = `{image}`; `image_url` = `{image_url}` (the last two carry no seed).
 */
export type RunpodOutputShape = 'list' | 'images' | 'image' | 'image_url';
/** How each image is written in the output. */
export type RunpodImageEncoding = 'base64' | 'data-url' | 'url';

export interface RunpodStandInOptions {
  /** When set, every endpoint route requires `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Default `stand-in-endpoint`; the worker URL is `<origin>/v2/<endpointId>`. */
  endpointId?: string;
  behaviour?: StandInBehaviour;
  /** /status polls answered IN_QUEUE / IN_PROGRESS before the job ends (default 1). */
  pollsBeforeDone?: number;
  outputShape?: RunpodOutputShape;
  imageEncoding?: RunpodImageEncoding;
  /** The seed reported in the output instead of the requested one. */
  reportedSeed?: number;
}

export interface RunpodStandIn extends StandIn {
  readonly endpointId: string;
  pollsBeforeDone: number;
  outputShape: RunpodOutputShape;
  imageEncoding: RunpodImageEncoding;
  reportedSeed: number | undefined;
  /** Jobs submitted so far, by id. */
  readonly jobs: ReadonlyMap<string, RunpodStandInJob>;
}

export interface RunpodStandInJob {
  input: Record<string, unknown>;
  polls: number;
  cancelled: boolean;
  finished: 'COMPLETED' | 'FAILED' | 'CANCELLED' | null;
}

interface State {
  behaviour: StandInBehaviour;
  endpointId: string;
  pollsBeforeDone: number;
  outputShape: RunpodOutputShape;
  imageEncoding: RunpodImageEncoding;
  reportedSeed: number | undefined;
  jobs: Map<string, RunpodStandInJob>;
  origin: string;
}

export async function startRunpodStandIn(options: RunpodStandInOptions = {}): Promise<RunpodStandIn> {
  const state: State = {
    behaviour: options.behaviour ?? 'ok',
    endpointId: options.endpointId ?? 'stand-in-endpoint',
    pollsBeforeDone: options.pollsBeforeDone ?? 1,
    outputShape: options.outputShape ?? 'list',
    imageEncoding: options.imageEncoding ?? 'base64',
    reportedSeed: options.reportedSeed,
    jobs: new Map(),
    origin: '',
  };
  const server = await listenStandIn(
    (request, response) => route(state, options.apiKey, request, response),
    () => state.behaviour,
  );
  state.origin = server.origin;
  return Object.assign(state, {
    url: `${server.origin}/v2/${state.endpointId}`,
    requests: server.requests,
    close: server.close,
  });
}

async function route(state: State, apiKey: string | undefined, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  const file = /^\/files\/([^/]+)\.png$/.exec(request.path);
  if (request.method === 'GET' && file) return serveFile(state, file[1], response);

  if (state.behaviour === 'unauthorized' || (apiKey !== undefined && !hasBearer(request, apiKey))) {
    return sendText(response, 401, 'Unauthorized');
  }
  const prefix = `/v2/${state.endpointId}`;
  if (!request.path.startsWith(`${prefix}/`)) return sendJson(response, 404, { error: 'endpoint not found' });
  const path = request.path.slice(prefix.length);
  const status = /^\/status\/([^/]+)$/.exec(path);
  const cancel = /^\/cancel\/([^/]+)$/.exec(path);

  if (request.method === 'POST' && path === '/run') return run(state, request, response);
  if (request.method === 'GET' && status) return jobStatus(state, decodeURIComponent(status[1]), response);
  if (request.method === 'POST' && cancel) return cancelJob(state, decodeURIComponent(cancel[1]), response);
  if (request.method === 'GET' && path === '/health') {
    return state.behaviour === 'fail' ? sendText(response, 500, 'Internal Server Error') : sendJson(response, 200, health(state));
  }
  sendJson(response, 404, { error: 'not found' });
}

function run(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const input = (request.body as { input?: unknown } | undefined)?.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return sendJson(response, 400, { error: 'The request body must be a JSON object with an "input" object' });
  }
  const id = `${randomUUID()}-u1`;
  state.jobs.set(id, { input: input as Record<string, unknown>, polls: 0, cancelled: false, finished: null });
  sendJson(response, 200, { id, status: 'IN_QUEUE' });
}

async function jobStatus(state: State, id: string, response: http.ServerResponse): Promise<void> {
  const job = state.jobs.get(id);
  if (!job) return sendJson(response, 404, { error: 'request does not exist' });
  if (job.cancelled) return sendJson(response, 200, { id, status: 'CANCELLED', delayTime: 120 });
  if (job.polls < state.pollsBeforeDone) {
    job.polls += 1;
    return sendJson(response, 200, { id, status: job.polls === state.pollsBeforeDone ? 'IN_PROGRESS' : 'IN_QUEUE', delayTime: 120 });
  }
  const timings = { delayTime: 120, executionTime: 2400, workerId: 'stand-in-worker' };
  if (state.behaviour === 'fail') {
    job.finished = 'FAILED';
    // What the runpod Python SDK sends when the handler raises.
    const error = JSON.stringify({
      error_type: "<class 'torch.OutOfMemoryError'>",
      error_message: 'CUDA out of memory. Tried to allocate 3.00 GiB',
      error_traceback: 'Traceback (most recent call last):\n  File "/handler.py", line 42, in handler\n',
      hostname: 'stand-in',
      worker_id: 'stand-in-worker',
      runpod_version: '1.7.0',
    });
    return sendJson(response, 200, { id, status: 'FAILED', ...timings, error });
  }
  job.finished = 'COMPLETED';
  sendJson(response, 200, { id, status: 'COMPLETED', ...timings, output: await output(state, id, job) });
}

function cancelJob(state: State, id: string, response: http.ServerResponse): void {
  const job = state.jobs.get(id);
  if (!job) return sendJson(response, 404, { error: 'request does not exist' });
  if (!job.finished) {
    job.cancelled = true;
    job.finished = 'CANCELLED';
  }
  sendJson(response, 200, { id, status: job.finished });
}

async function output(state: State, id: string, job: RunpodStandInJob): Promise<unknown> {
  const seed = Number(job.input.seed ?? 0);
  const image = await encodeImage(state, id, job);
  const reported = state.reportedSeed ?? seed;
  switch (state.outputShape) {
    case 'list':
      return [{ image, seed: reported }];
    case 'images':
      return { images: [image], seed: reported };
    case 'image':
      return { image };
    case 'image_url':
      return { image_url: image };
  }
}

async function encodeImage(state: State, id: string, job: RunpodStandInJob): Promise<string> {
  if (state.imageEncoding === 'url') return `${state.origin}/files/${encodeURIComponent(id)}.png`;
  const bytes = await pictureFor(state, job);
  const base64 = bytes.toString('base64');
  return state.imageEncoding === 'data-url' ? `data:image/png;base64,${base64}` : base64;
}

async function serveFile(state: State, id: string, response: http.ServerResponse): Promise<void> {
  const job = state.jobs.get(decodeURIComponent(id));
  if (!job || job.finished !== 'COMPLETED') return sendText(response, 404, 'NoSuchKey');
  sendBytes(response, await pictureFor(state, job));
}

function pictureFor(state: State, job: RunpodStandInJob): Promise<Buffer> {
  if (state.behaviour === 'garbage') return Promise.resolve(GARBAGE_IMAGE);
  return solidPng(Number(job.input.width ?? 512), Number(job.input.height ?? 512), Number(job.input.seed ?? 0));
}

function health(state: State) {
  const jobs = [...state.jobs.values()];
  const count = (finished: RunpodStandInJob['finished']) => jobs.filter((job) => job.finished === finished).length;
  const waiting = jobs.filter((job) => !job.finished);
  return {
    jobs: {
      completed: count('COMPLETED'),
      failed: count('FAILED'),
      inProgress: waiting.filter((job) => job.polls > 0).length,
      inQueue: waiting.filter((job) => job.polls === 0).length,
      retried: 0,
    },
    workers: { idle: 1, initializing: 0, ready: 1, running: waiting.length > 0 ? 1 : 0, throttled: 0, unhealthy: 0 },
  };
}
