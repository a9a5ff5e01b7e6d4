// A stand-in for an AUTOMATIC1111 / SD WebUI Forge web UI started with --api (and --api-auth):
// POST /sdapi/v1/txt2img, GET /sdapi/v1/progress, GET /sdapi/v1/options, answered in the shapes the
// real FastAPI app uses, with real PNGs painted in a colour taken from the seed (standInColour).
import type * as http from 'node:http';
import {
  GARBAGE_IMAGE,
  type RecordedRequest,
  type StandIn,
  type StandInBehaviour,
  listenStandIn,
  sendJson,
  solidPng,
} from './stand-in-server';

export interface A1111StandInOptions {
  /** `user:password` as given to --api-auth; when set, every endpoint requires HTTP Basic with it. */
  auth?: string;
  behaviour?: StandInBehaviour;
  /** See A1111StandIn.reportedSeed. */
  reportedSeed?: number | null;
}

export interface A1111StandIn extends StandIn {
  /**
   * The seed txt2img reports in `info`: undefined echoes the requested seed (what A1111 does),
   * a number reports that seed instead, null leaves the seed out of `info` entirely.
   */
  reportedSeed: number | null | undefined;
}

const CHECKPOINT = 'v1-5-pruned-emaonly.safetensors [6ce0161689]';

export async function startA1111StandIn(options: A1111StandInOptions = {}): Promise<A1111StandIn> {
  const state = { behaviour: options.behaviour ?? 'ok', reportedSeed: options.reportedSeed };
  const server = await listenStandIn(
    (request, response) => route(state, options.auth, request, response),
    () => state.behaviour,
  );
  return Object.assign(state, { url: server.origin, requests: server.requests, close: server.close });
}

async function route(
  state: { behaviour: StandInBehaviour; reportedSeed: number | null | undefined },
  auth: string | undefined,
  request: RecordedRequest,
  response: http.ServerResponse,
): Promise<void> {
  if (state.behaviour === 'unauthorized' || (auth !== undefined && request.headers.authorization !== basic(auth))) {
    return sendJson(response, 401, a1111Error('HTTPException', 'Incorrect username or password', 401), { 'www-authenticate': 'Basic' });
  }
  const endpoint = `${request.method} ${request.path}`;
  if (endpoint === 'POST /sdapi/v1/txt2img') return txt2img(state, request, response);
  if (state.behaviour === 'fail' && request.path.startsWith('/sdapi/')) {
    return sendJson(response, 500, a1111Error('RuntimeError', 'Expected all tensors to be on the same device'));
  }
  if (endpoint === 'GET /sdapi/v1/progress') return sendJson(response, 200, idleProgress());
  if (endpoint === 'GET /sdapi/v1/options') return sendJson(response, 200, { sd_model_checkpoint: CHECKPOINT, samples_format: 'png' });
  sendJson(response, 404, { detail: 'Not Found' });
}

async function txt2img(
  state: { behaviour: StandInBehaviour; reportedSeed: number | null | undefined },
  request: RecordedRequest,
  response: http.ServerResponse,
): Promise<void> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const invalid = invalidField(body);
  if (invalid) {
    // FastAPI's validation answer.
    return sendJson(response, 422, { detail: [{ loc: ['body', invalid], msg: 'value is not valid', type: 'type_error' }] });
  }
  if (state.behaviour === 'fail') {
    return sendJson(response, 500, a1111Error('OutOfMemoryError', 'CUDA out of memory. Tried to allocate 2.00 GiB'));
  }
  const seed = body.seed as number;
  const image = state.behaviour === 'garbage' ? GARBAGE_IMAGE : await solidPng(body.width as number, body.height as number, seed);
  const reported = state.reportedSeed === undefined ? seed : state.reportedSeed;
  const info = { prompt: body.prompt, all_prompts: [body.prompt], width: body.width, height: body.height, sd_model_name: CHECKPOINT };
  sendJson(response, 200, {
    images: [image.toString('base64')],
    parameters: body,
    info: JSON.stringify(reported === null ? info : { ...info, seed: reported, all_seeds: [reported] }),
  });
}

function invalidField(body: Record<string, unknown>): string | undefined {
  if (typeof body.prompt !== 'string') return 'prompt';
  return ['seed', 'width', 'height'].find((field) => !Number.isInteger(body[field]));
}

/** The body A1111's exception middleware sends for every error. */
function a1111Error(type: string, message: string, status?: number) {
  return { error: type, detail: status ? message : '', body: '', errors: status ? `${status}: ${message}` : message };
}

function idleProgress() {
  return {
    progress: 0,
    eta_relative: 0,
    state: { skipped: false, interrupted: false, job: '', job_count: 0, job_timestamp: '0', job_no: 0, sampling_step: 0, sampling_steps: 0 },
    current_image: null,
    textinfo: null,
  };
}

function basic(auth: string): string {
  return `Basic ${Buffer.from(auth, 'utf8').toString('base64')}`;
}
