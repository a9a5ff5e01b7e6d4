// A stand-in for a RunPod serverless (queue-based) endpoint, https://api.runpod.ai/v2/<endpoint>: POST /run,
// GET /status/{id}, POST /cancel/{id} and GET /health with RunPod's job states (docs: send-requests).
// Each job goes through a copy of the handler of the worker image the endpoint runs (`image`), which
// refuses what that image refuses and answers in that image's output shape:
//   sd-v1       runpod-workers/worker-stable_diffusion_v1 src/rp_handler.py `run`, src/rp_schema.py
//   sdxl        runpod-workers/worker-sdxl handler.py `generate_image`, schemas.py (handler.py `from schemas import INPUT_SCHEMA`)
//   sdxl-turbo  runpod-workers/worker-sdxl-turbo handler.py `handler`, schemas.py
//   a1111       runpod-workers/worker-a1111 src/rp_handler.py `handler` (the input goes to A1111's txt2img as it is)
//   comfyui     runpod-workers/worker-comfyui handler.py `validate_input`, `queue_workflow`, `handler`
//   custom      the owner's own handler: takes any input, answers in `outputShape`
// Schemas are checked as runpod-python's runpod/serverless/utils/rp_validator.py `validate` checks them,
// and a handler's return value (or what it raised) becomes the job's result as
// runpod/serverless/modules/rp_job.py `run_job` makes it. Pictures uploaded to a bucket are served
// from /files/, outside the endpoint and without auth, like object storage.
import { randomInt, randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import type { RunpodImage } from '@atelier/contracts';
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
 * How the `custom` image's handler answers: `list` = `[{image, seed}]`; `images` = `{images: [image], seed}`;
 * `image` = `{image}`; `image_url` = `{image_url}` (the last two carry no seed).
 */
export type RunpodOutputShape = 'list' | 'images' | 'image' | 'image_url';
/** How the `custom` image's handler writes each picture. */
export type RunpodImageEncoding = 'base64' | 'data-url' | 'url';

/** The per-job `policy` of POST /run (docs: send-requests, "Execution policies"). */
export interface RunpodPolicy {
  executionTimeout?: number;
  ttl?: number;
  lowPriority?: boolean;
}

/** /health `workers`. */
export interface RunpodWorkerCounts {
  idle: number;
  initializing: number;
  ready: number;
  running: number;
  throttled: number;
  unhealthy: number;
}

export interface RunpodStandInOptions {
  /** When set, every endpoint route requires `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Default `stand-in-endpoint`; the worker URL is `<origin>/v2/<endpointId>`. */
  endpointId?: string;
  behaviour?: StandInBehaviour;
  /** The worker image the endpoint runs (default `sd-v1`). */
  image?: RunpodImage;
  /** See RunpodStandIn.bucket (default true). */
  bucket?: boolean | 'url-only';
  /** Checkpoints installed in the `comfyui` image (default `['sd_xl_base_1.0.safetensors']`). */
  checkpoints?: string[];
  /** /status polls answered IN_QUEUE / IN_PROGRESS before the job ends (default 1). */
  pollsBeforeDone?: number;
  outputShape?: RunpodOutputShape;
  imageEncoding?: RunpodImageEncoding;
  /** The seed reported in the output instead of the one used. */
  reportedSeed?: number;
  /** /health `workers` (default one idle and one ready). */
  workers?: Partial<RunpodWorkerCounts>;
}

export interface RunpodStandIn extends StandIn {
  readonly endpointId: string;
  image: RunpodImage;
  /**
   * true: BUCKET_ENDPOINT_URL and its keys are set on the endpoint: sd-v1, sdxl and comfyui upload their
   * pictures and answer presigned URLs. false: none set: sd-v1 answers the path rp_upload copied the file
   * to on the worker's own disk, sdxl a data: URL and comfyui base64. `url-only`: BUCKET_ENDPOINT_URL
   * without the keys: rp_upload's get_boto_client makes no client, so sd-v1 answers `local_upload/<id>`
   * again, while sdxl and comfyui (which check the URL alone) call upload_image, which answers
   * `simulated_uploaded/<name>.png`. sdxl-turbo and a1111 always answer base64.
   */
  bucket: boolean | 'url-only';
  checkpoints: string[];
  pollsBeforeDone: number;
  /** `custom` image only: the known images answer in their own shape. */
  outputShape: RunpodOutputShape;
  /** `custom` image only. */
  imageEncoding: RunpodImageEncoding;
  reportedSeed: number | undefined;
  /**
   * When set, the image's handler returns this instead of running, and run_job makes the result of it:
   * `{error: ...}` (text, a list, anything) fails the job, `{errors: [...]}` completes it.
   */
  handlerReturns: unknown;
  /**
   * How a result with an `error` is reported. RunPod marks it FAILED with the error beside the output
   * (rp_job.run_job lifts `error` out of the handler's dict); `COMPLETED` leaves the error inside a
   * COMPLETED job's `output`, which an adapter must not take for a picture either.
   */
  reportErrorsAs: 'FAILED' | 'COMPLETED';
  /** /health `workers`; set any count at any time. */
  workers: RunpodWorkerCounts;
  /** Jobs submitted so far, by id; a job whose `policy.ttl` has passed since submission is gone (404). */
  readonly jobs: ReadonlyMap<string, RunpodStandInJob>;
  /** Moves the stand-in's clock on, as if `ms` passed: what a ttl counts. */
  elapse(ms: number): void;
}

export interface RunpodStandInJob {
  input: Record<string, unknown>;
  /** The `policy` sent with the job, if any. */
  policy: RunpodPolicy | undefined;
  polls: number;
  /** When POST /run took it, on the stand-in's clock: RunPod's ttl counts from here. */
  submittedAt: number;
  finished: 'COMPLETED' | 'FAILED' | 'CANCELLED' | null;
  /** What /status adds to the job once it ended: `output`, `error`, or both. */
  result?: JobResult;
}

interface JobResult {
  output?: unknown;
  error?: unknown;
}

/** A picture a handler made: a solid PNG in the seed's colour. */
interface Picture {
  width: number;
  height: number;
  seed: number;
}

interface State {
  behaviour: StandInBehaviour;
  endpointId: string;
  image: RunpodImage;
  bucket: boolean | 'url-only';
  checkpoints: string[];
  pollsBeforeDone: number;
  outputShape: RunpodOutputShape;
  imageEncoding: RunpodImageEncoding;
  reportedSeed: number | undefined;
  handlerReturns: unknown;
  reportErrorsAs: 'FAILED' | 'COMPLETED';
  workers: RunpodWorkerCounts;
  jobs: Map<string, RunpodStandInJob>;
  /** Uploaded pictures by file name (without `.png`). */
  files: Map<string, Picture>;
  origin: string;
  /** Added to Date.now() by elapse(). */
  clockOffsetMs: number;
}

const now = (state: State) => Date.now() + state.clockOffsetMs;

export async function startRunpodStandIn(options: RunpodStandInOptions = {}): Promise<RunpodStandIn> {
  const state: State = {
    behaviour: options.behaviour ?? 'ok',
    endpointId: options.endpointId ?? 'stand-in-endpoint',
    image: options.image ?? 'sd-v1',
    bucket: options.bucket ?? true,
    checkpoints: options.checkpoints ?? ['sd_xl_base_1.0.safetensors'],
    pollsBeforeDone: options.pollsBeforeDone ?? 1,
    outputShape: options.outputShape ?? 'list',
    imageEncoding: options.imageEncoding ?? 'base64',
    reportedSeed: options.reportedSeed,
    handlerReturns: undefined,
    reportErrorsAs: 'FAILED',
    workers: { idle: 1, initializing: 0, ready: 1, running: 0, throttled: 0, unhealthy: 0, ...options.workers },
    jobs: new Map(),
    files: new Map(),
    origin: '',
    clockOffsetMs: 0,
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
    elapse(ms: number) {
      state.clockOffsetMs += ms;
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// The endpoint API

async function route(state: State, apiKey: string | undefined, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  const file = /^\/files\/([^/]+)\.png$/.exec(request.path);
  if (request.method === 'GET' && file) return serveFile(state, decodeURIComponent(file[1]), response);

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
  const body = request.body;
  if (!isRecord(body) || !isRecord(body.input)) {
    return sendJson(response, 400, { error: 'The request body must be a JSON object with an "input" object' });
  }
  const policyProblem = checkPolicy(body.policy);
  // RunPod refuses such a policy with 400; the wording here is the stand-in's own.
  if (policyProblem) return sendJson(response, 400, { error: policyProblem });
  const id = `${randomUUID()}-u1`;
  state.jobs.set(id, { input: body.input, policy: body.policy as RunpodPolicy | undefined, polls: 0, submittedAt: now(state), finished: null });
  sendJson(response, 200, { id, status: 'IN_QUEUE' });
}

/** RunPod's bounds (docs: send-requests, "Execution policies"): executionTimeout > 5000 ms, 10 s <= ttl <= 1 week. */
function checkPolicy(policy: unknown): string | undefined {
  if (policy === undefined) return undefined;
  if (!isRecord(policy)) return 'policy must be an object';
  const { executionTimeout, ttl } = policy;
  if (executionTimeout !== undefined && !(typeof executionTimeout === 'number' && executionTimeout > 5_000)) {
    return 'policy.executionTimeout must be a number of milliseconds above 5000';
  }
  if (ttl !== undefined && !(typeof ttl === 'number' && ttl >= 10_000 && ttl <= 7 * 24 * 3600 * 1000)) {
    return 'policy.ttl must be a number of milliseconds from 10000 to one week';
  }
  return undefined;
}

const TIMINGS = { delayTime: 120, executionTime: 2400, workerId: 'stand-in-worker' };

async function jobStatus(state: State, id: string, response: http.ServerResponse): Promise<void> {
  const job = state.jobs.get(id);
  // The ttl is the job's whole life from submission, queue and run and result (docs: send-requests,
  // "Execution policies"); past it RunPod drops the job, and /status knows it no more.
  const ttl = job?.policy?.ttl;
  if (job && ttl !== undefined && now(state) - job.submittedAt > ttl) state.jobs.delete(id);
  if (!state.jobs.has(id) || !job) return sendJson(response, 404, { error: 'request does not exist' });
  if (job.finished === 'CANCELLED') return sendJson(response, 200, { id, status: 'CANCELLED', delayTime: TIMINGS.delayTime });
  if (!job.finished && job.polls < state.pollsBeforeDone) {
    job.polls += 1;
    const status = job.polls === state.pollsBeforeDone ? 'IN_PROGRESS' : 'IN_QUEUE';
    return sendJson(response, 200, { id, status, delayTime: TIMINGS.delayTime });
  }
  if (!job.finished) await finish(state, id, job);
  sendJson(response, 200, { id, status: job.finished, ...TIMINGS, ...job.result });
}

function cancelJob(state: State, id: string, response: http.ServerResponse): void {
  const job = state.jobs.get(id);
  if (!job) return sendJson(response, 404, { error: 'request does not exist' });
  job.finished ??= 'CANCELLED';
  sendJson(response, 200, { id, status: job.finished });
}

async function serveFile(state: State, name: string, response: http.ServerResponse): Promise<void> {
  const picture = state.files.get(name);
  if (!picture) return sendText(response, 404, 'NoSuchKey');
  sendBytes(response, await paint(state, picture));
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
    workers: { ...state.workers },
  };
}

// ---------------------------------------------------------------------------------------------------
// Running a job: runpod-python's run_job around the image's handler

/** An exception a Python handler raised (type as `str(type(err))` names it, without `<class '...'>`). */
class PythonError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const OUT_OF_MEMORY = 'CUDA out of memory. Tried to allocate 3.00 GiB';

type Handler = (state: State, id: string, input: Record<string, unknown>) => Promise<unknown>;

async function finish(state: State, id: string, job: RunpodStandInJob): Promise<void> {
  const handler = HANDLERS[state.image];
  let result: JobResult;
  try {
    const returned = state.handlerReturns === undefined ? await handler(state, id, job.input) : state.handlerReturns;
    result = runJobResult(returned);
  } catch (error) {
    if (!(error instanceof PythonError)) throw error; // the stand-in's own bug: let the route answer 500
    result = { error: raisedError(error) };
  }
  if (result.error === undefined) {
    job.finished = 'COMPLETED';
    job.result = result;
  } else if (state.reportErrorsAs === 'COMPLETED') {
    job.finished = 'COMPLETED';
    job.result = { output: { ...(isRecord(result.output) ? result.output : {}), error: result.error } };
  } else {
    job.finished = 'FAILED';
    job.result = result;
  }
}

/** rp_job.run_job: a dict's `error` (when truthy) and `refresh_worker` are lifted out; an empty output is dropped. */
function runJobResult(returned: unknown): JobResult {
  if (!isRecord(returned)) return { output: returned };
  const { error, refresh_worker: _refreshWorker, ...output } = returned;
  return { ...(Object.keys(output).length > 0 ? { output } : {}), ...(pythonTruthy(error) ? { error } : {}) };
}

/** rp_job.run_job's `error` when the handler raised: a JSON string. */
function raisedError(error: PythonError): string {
  return JSON.stringify({
    error_type: `<class '${error.type}'>`,
    error_message: error.message,
    error_traceback: `Traceback (most recent call last):\n  File "/handler.py", line 42, in handler\n${error.type}: ${error.message}\n`,
    hostname: 'stand-in',
    worker_id: 'stand-in-worker',
    runpod_version: '1.7.0',
  });
}

const HANDLERS: Record<RunpodImage, Handler> = {
  'sd-v1': stableDiffusionV1,
  sdxl: stableDiffusionXl,
  'sdxl-turbo': sdxlTurbo,
  a1111: automatic1111,
  comfyui: comfyUi,
  custom: customHandler,
};

// ---------------------------------------------------------------------------------------------------
// worker-stable_diffusion_v1

const SD_V1_SIDES = [128, 256, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024];
const SD_V1_SCHEDULERS = ['DDIM', 'DDPM', 'DPM-M', 'DPM-S', 'EULER-A', 'EULER-D', 'HEUN', 'IPNDM', 'KDPM2-A', 'KDPM2-D', 'PNDM', 'K-LMS', 'KLMS'];

/** src/rp_schema.py INPUT_SCHEMA */
const SD_V1_SCHEMA: Schema = {
  prompt: required('str'),
  negative_prompt: optional('str', null),
  width: optional('int', 512, oneOf(SD_V1_SIDES)),
  height: optional('int', 512, oneOf(SD_V1_SIDES)),
  init_image: optional('str', null),
  mask: optional('str', null),
  prompt_strength: optional('float', 0.8, between(0, 1, true)),
  num_outputs: optional('int', 1, between(0, 10)),
  num_inference_steps: optional('int', 50, between(0, 500)),
  guidance_scale: optional('float', 7.5, between(0, 20)),
  scheduler: optional('str', 'K-LMS', oneOf(SD_V1_SCHEDULERS)),
  seed: optional('int', null),
  nsfw: optional('bool', false),
  lora: optional('str', null),
  lora_scale: optional('float', 1, between(0, 1, true)),
};

/** src/rp_handler.py `run`: one `{image, seed}` per output, the seed counting up. */
async function stableDiffusionV1(state: State, id: string, input: Record<string, unknown>): Promise<unknown> {
  const checked = validate(input, SD_V1_SCHEMA);
  if ('errors' in checked) return { error: checked.errors };
  const valid = checked.validated;
  const seed = (valid.seed as number | null) ?? randomInt(0, 2 ** 16);
  if (state.behaviour === 'fail') throw new PythonError('torch.OutOfMemoryError', OUT_OF_MEMORY); // MODEL.predict
  const pictures = times(valid.num_outputs as number, (index) => ({
    width: valid.width as number,
    height: valid.height as number,
    seed: seed + index,
  }));
  return Promise.all(
    pictures.map(async (picture, index) => ({
      // rp_upload.upload_file_to_bucket(job id, path, index): without a bucket it copies the file to
      // local_upload/<job id> on the worker's disk and returns that path.
      image: state.bucket === true ? upload(state, `${id}-${index}`, picture) : `local_upload/${id}`,
      seed: (state.reportedSeed ?? seed) + index,
    })),
  );
}

// ---------------------------------------------------------------------------------------------------
// worker-sdxl

/** schemas.py INPUT_SCHEMA: no num_outputs (it says num_images), no size constraint. */
const SDXL_SCHEMA: Schema = {
  prompt: { type: 'str', required: false },
  negative_prompt: optional('str', null),
  height: optional('int', 1024),
  width: optional('int', 1024),
  seed: optional('int', null),
  scheduler: optional('str', 'DDIM'),
  num_inference_steps: optional('int', 25),
  refiner_inference_steps: optional('int', 50),
  guidance_scale: optional('float', 7.5),
  strength: optional('float', 0.3),
  image_url: optional('str', null),
  num_images: optional('int', 1, between(0, 3)),
  high_noise_frac: optional('float', null),
};

/** handler.py make_scheduler's table, looked up with [] (an unknown name raises KeyError). */
const SDXL_SCHEDULERS = ['PNDM', 'KLMS', 'DDIM', 'K_EULER', 'K_EULER_ANCESTRAL', 'DPMSolverMultistep', 'DPMSolverSinglestep'];

/** handler.py `generate_image`: `{images, image_url: images[0], seed}`. */
async function stableDiffusionXl(state: State, id: string, input: Record<string, unknown>): Promise<unknown> {
  const checked = validate(input, SDXL_SCHEMA);
  if ('errors' in checked) return { error: checked.errors };
  const valid = checked.validated;
  const seed = (valid.seed as number | null) ?? randomInt(0, 2 ** 16);
  if (!SDXL_SCHEDULERS.includes(valid.scheduler as string)) throw new PythonError('KeyError', pythonRepr(valid.scheduler));
  const width = valid.width as number;
  const height = valid.height as number;
  // The pipelines' errors are caught and returned, with refresh_worker.
  if (width % 8 !== 0 || height % 8 !== 0) {
    // diffusers StableDiffusionXLPipeline.check_inputs
    return { error: `Unexpected error: \`height\` and \`width\` have to be divisible by 8 but are ${height} and ${width}.`, refresh_worker: true };
  }
  if (state.behaviour === 'fail') {
    // torch.OutOfMemoryError is a RuntimeError; the handler formats the traceback object itself.
    return { error: `RuntimeError: ${OUT_OF_MEMORY}, Stack Trace: <traceback object at 0x7f3a5c2e1b40>`, refresh_worker: true };
  }
  // _save_and_upload_images: rp_upload.upload_image once BUCKET_ENDPOINT_URL is set, a data: URL otherwise.
  const images = await Promise.all(
    times(valid.num_images as number, async (index) => {
      const picture = { width, height, seed };
      if (state.bucket === 'url-only') return simulatedUpload();
      return state.bucket ? upload(state, `${id}-${index}`, picture) : `data:image/png;base64,${await base64(state, picture)}`;
    }),
  );
  return { images, image_url: images[0], seed: state.reportedSeed ?? seed };
}

// ---------------------------------------------------------------------------------------------------
// worker-sdxl-turbo

/** schemas.py INPUT_SCHEMA: 512x512 only. */
const SDXL_TURBO_SCHEMA: Schema = {
  prompt: required('str'),
  negative_prompt: optional('str', null),
  height: optional('int', 512, (value) => value === 512),
  width: optional('int', 512, (value) => value === 512),
  seed: optional('int', null),
  num_inference_steps: optional('int', 1, between(1, 8, true)),
  guidance_scale: optional('float', 0, between(0, 2, true)),
  num_images: optional('int', 1, between(0, 5)),
};

/** handler.py `handler` and ModelHandler.generate_image: every failure is caught and returned as text. */
async function sdxlTurbo(state: State, _id: string, input: Record<string, unknown>): Promise<unknown> {
  let checked: ReturnType<typeof validate>;
  try {
    checked = validate(input, SDXL_TURBO_SCHEMA);
  } catch (error) {
    if (error instanceof PythonError) return { error: error.message };
    throw error;
  }
  if ('errors' in checked) return { error: `Input validation failed: ${pythonRepr(checked.errors)}` };
  const valid = checked.validated;
  if (state.behaviour === 'fail') return { error: `Image generation failed: ${OUT_OF_MEMORY}` };
  const seed = valid.seed as number | null;
  const used = seed ?? randomInt(0, 2 ** 16);
  const images = await Promise.all(
    times(valid.num_images as number, async (index) => ({
      image: await base64(state, { width: 512, height: 512, seed: used + index }),
      seed: seed === null ? null : (state.reportedSeed ?? seed) + index,
    })),
  );
  const { prompt, negative_prompt, width, height, num_inference_steps, guidance_scale } = valid;
  return {
    images,
    generation_time: 0.42,
    parameters: { prompt, negative_prompt, width, height, num_inference_steps, guidance_scale, seed },
  };
}

// ---------------------------------------------------------------------------------------------------
// worker-a1111

/**
 * A1111's txt2img request model (modules/api/models.py, pydantic 1): unknown fields are ignored,
 * numbers and numeric text are coerced, anything else answers FastAPI's 422.
 */
const TXT2IMG_FIELDS: Record<string, 'int' | 'float' | 'str'> = {
  prompt: 'str',
  negative_prompt: 'str',
  sampler_name: 'str',
  force_task_id: 'str',
  seed: 'int',
  width: 'int',
  height: 'int',
  steps: 'int',
  batch_size: 'int',
  n_iter: 'int',
  cfg_scale: 'float',
  denoising_strength: 'float',
};

const PYDANTIC_ERRORS = {
  int: { msg: 'value is not a valid integer', type: 'type_error.integer' },
  float: { msg: 'value is not a valid float', type: 'type_error.float' },
  str: { msg: 'str type expected', type: 'type_error.str' },
};

/** src/rp_handler.py `handler`: returns txt2img's JSON whatever its status, so a 422 body completes the job. */
async function automatic1111(state: State, _id: string, input: Record<string, unknown>): Promise<unknown> {
  const body: Record<string, unknown> = { ...input };
  const detail: unknown[] = [];
  for (const [field, type] of Object.entries(TXT2IMG_FIELDS)) {
    if (input[field] === undefined || input[field] === null) continue;
    const coerced = pydanticCoerce(input[field], type);
    if (coerced === undefined) detail.push({ loc: ['body', field], ...PYDANTIC_ERRORS[type] });
    else body[field] = coerced;
  }
  if (detail.length > 0) return { detail };
  if (state.behaviour === 'fail') {
    // A1111's exception middleware answers 500 with this body; run_job lifts out `error`.
    return { error: 'OutOfMemoryError', detail: '', body: '', errors: OUT_OF_MEMORY };
  }
  const requested = (body.seed as number | undefined) ?? -1;
  const seed = requested === -1 ? randomInt(0, 2 ** 32) : requested;
  const width = (body.width as number | undefined) ?? 512;
  const height = (body.height as number | undefined) ?? 512;
  const count = ((body.batch_size as number | undefined) ?? 1) * ((body.n_iter as number | undefined) ?? 1);
  const images = await Promise.all(times(count, (index) => base64(state, { width, height, seed: seed + index })));
  const reported = state.reportedSeed ?? seed;
  const info = { prompt: body.prompt, seed: reported, all_seeds: times(count, (index) => reported + index), width, height };
  return { images, parameters: input, info: JSON.stringify(info) };
}

function pydanticCoerce(value: unknown, type: 'int' | 'float' | 'str'): unknown {
  if (type === 'str') return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'boolean' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  if (type === 'float') return number;
  return typeof value === 'string' && !Number.isInteger(number) ? undefined : Math.trunc(number);
}

// ---------------------------------------------------------------------------------------------------
// worker-comfyui

/** handler.py `handler` after `validate_input`, queueing the workflow on the ComfyUI inside the image. */
async function comfyUi(state: State, id: string, input: Record<string, unknown>): Promise<unknown> {
  const { workflow, images } = input;
  if (workflow === undefined || workflow === null) return { error: "Missing 'workflow' parameter" };
  if (images !== undefined && images !== null) {
    const listed = Array.isArray(images) && images.every((image) => isRecord(image) && 'name' in image && 'image' in image);
    if (!listed) return { error: "'images' must be a list of objects with 'name' and 'image' keys" };
  }
  // ComfyUI refuses it; the wording here is the stand-in's own.
  if (!isRecord(workflow)) return { error: 'Workflow validation failed: the workflow is not an object of nodes' };
  const refusal = checkpointRefusal(workflow, state.checkpoints);
  if (refusal) return { error: refusal };
  const nodes = Object.values(workflow).filter(isRecord);
  const inputsOf = (classType: string) => {
    const node = nodes.find((candidate) => candidate.class_type === classType);
    return isRecord(node?.inputs) ? node.inputs : {};
  };
  const latent = inputsOf('EmptyLatentImage');
  const picture = { width: numberOr(latent.width, 512), height: numberOr(latent.height, 512), seed: numberOr(inputsOf('KSampler').seed, 0) };
  if (state.behaviour === 'fail') {
    // The websocket's execution_error, then no output images.
    const where = 'Node Type: KSampler, Node ID: 3';
    return { error: 'Job processing failed', details: [`Workflow execution error: ${where}, Message: ${OUT_OF_MEMORY}\n`] };
  }
  const prefix = inputsOf('SaveImage').filename_prefix;
  const filename = `${typeof prefix === 'string' ? prefix : 'ComfyUI'}_${String(state.jobs.size).padStart(5, '0')}_.png`;
  // handler: rp_upload.upload_image once BUCKET_ENDPOINT_URL is set, base64 otherwise.
  const image = state.bucket
    ? { filename, type: 's3_url', data: state.bucket === true ? upload(state, id, picture) : simulatedUpload() }
    : { filename, type: 'base64', data: await base64(state, picture) };
  return { images: [image] };
}

/**
 * A checkpoint the image lacks: ComfyUI refuses the prompt with 400 (execution.py validate_inputs,
 * `value_not_in_list`; `input_config` left out of extra_info here), and worker-comfyui's
 * `queue_workflow` turns the node errors into text and names the checkpoints it has.
 */
function checkpointRefusal(workflow: Record<string, unknown>, installed: string[]): string | undefined {
  const outputs = Object.keys(workflow).filter((nodeId) => isRecord(workflow[nodeId]) && workflow[nodeId].class_type === 'SaveImage');
  const details = Object.entries(workflow).flatMap(([nodeId, node]) => {
    if (!isRecord(node) || node.class_type !== 'CheckpointLoaderSimple' || !isRecord(node.inputs)) return [];
    const name = node.inputs.ckpt_name;
    if (typeof name !== 'string' || installed.includes(name)) return [];
    const nodeError = {
      errors: [
        {
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `ckpt_name: '${name}' not in ${pythonRepr(installed)}`,
          extra_info: { input_name: 'ckpt_name', received_value: name },
        },
      ],
      dependent_outputs: outputs,
      class_type: node.class_type,
    };
    return Object.entries(nodeError).map(([key, value]) => `Node ${nodeId} (${key}): ${pythonStr(value)}`);
  });
  if (details.length === 0) return undefined;
  const available =
    installed.length > 0
      ? `Available checkpoint models: ${installed.join(', ')}`
      : 'No checkpoint models appear to be available. Please check your model installation.';
  return `Workflow validation failed:\n${details.map((detail) => `• ${detail}`).join('\n')}\n\n${available}`;
}

// ---------------------------------------------------------------------------------------------------
// custom: the owner's own handler

async function customHandler(state: State, id: string, input: Record<string, unknown>): Promise<unknown> {
  if (state.behaviour === 'fail') throw new PythonError('torch.OutOfMemoryError', OUT_OF_MEMORY);
  const seed = numberOr(input.seed, 0);
  const picture = { width: numberOr(input.width, 512), height: numberOr(input.height, 512), seed };
  const image =
    state.imageEncoding === 'url'
      ? upload(state, id, picture)
      : `${state.imageEncoding === 'data-url' ? 'data:image/png;base64,' : ''}${await base64(state, picture)}`;
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

// ---------------------------------------------------------------------------------------------------
// Pictures

function paint(state: State, picture: Picture): Promise<Buffer> {
  if (state.behaviour === 'garbage') return Promise.resolve(GARBAGE_IMAGE);
  return solidPng(picture.width, picture.height, picture.seed);
}

async function base64(state: State, picture: Picture): Promise<string> {
  return (await paint(state, picture)).toString('base64');
}

/** rp_upload.upload_image without a boto client: a copy in `simulated_uploaded/`, named by 8 characters of a uuid4. */
function simulatedUpload(): string {
  return `simulated_uploaded/${randomUUID().slice(0, 8)}.png`;
}

/** Puts the picture in the "bucket" and returns its presigned-style URL. */
function upload(state: State, name: string, picture: Picture): string {
  state.files.set(name, picture);
  return `${state.origin}/files/${encodeURIComponent(name)}.png`;
}

// ---------------------------------------------------------------------------------------------------
// runpod-python rp_validator.validate, and the bits of Python it leans on

type PythonType = 'str' | 'int' | 'float' | 'bool';

interface Rule {
  type: PythonType;
  required: boolean;
  /** Present (even as null, Python's None) or not: a missing default is itself an error. */
  default?: unknown;
  constraints?: (value: unknown) => boolean;
}

type Schema = Record<string, Rule>;

function required(type: PythonType): Rule {
  return { type, required: true };
}

function optional(type: PythonType, value: unknown, constraints?: Rule['constraints']): Rule {
  return { type, required: false, default: value, constraints };
}

/** `value in [...]` */
function oneOf(allowed: unknown[]): (value: unknown) => boolean {
  return (value) => allowed.includes(value);
}

/** `low < value < high` (`<=` when inclusive); Python raises TypeError comparing a number with None or text. */
function between(low: number, high: number, inclusive = false): (value: unknown) => boolean {
  return (value) => {
    if (typeof value !== 'number' && typeof value !== 'boolean') {
      throw new PythonError('TypeError', `'<' not supported between instances of 'int' and '${pythonTypeName(value)}'`);
    }
    const number = Number(value);
    return inclusive ? low <= number && number <= high : low < number && number < high;
  };
}

/** rp_validator.validate (runpod >= 1.0): every error found, in its order, or the input with defaults filled in. */
function validate(raw: Record<string, unknown>, schema: Schema): { errors: string[] } | { validated: Record<string, unknown> } {
  const errors: string[] = [];
  const validated: Record<string, unknown> = { ...raw };
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(schema, key)) errors.push(`Unexpected input. ${key} is not a valid input option.`);
  }
  for (const [key, rule] of Object.entries(schema)) {
    if (Object.hasOwn(raw, key)) continue;
    if (rule.required) errors.push(`${key} is a required input.`);
    else if ('default' in rule) validated[key] = rule.default;
    else errors.push(`Schema error, missing default value for ${key}.`);
  }
  for (const [key, rule] of Object.entries(schema)) {
    const value = Object.hasOwn(validated, key) ? validated[key] : null;
    // Ints pass for floats (they are converted); bools pass for ints (bool subclasses int).
    if (value !== null && !isInstance(value, rule.type)) {
      errors.push(`${key} should be <class '${rule.type}'> type, not <class '${pythonTypeName(value)}'>.`);
    }
    if (rule.constraints && !rule.constraints(value)) errors.push(`${key} does not meet the constraints.`);
  }
  return errors.length > 0 ? { errors } : { validated };
}

function isInstance(value: unknown, type: PythonType): boolean {
  switch (type) {
    case 'str':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'int':
      return typeof value === 'boolean' || Number.isInteger(value);
    case 'float':
      return typeof value === 'number';
  }
}

/** The Python type json.loads gives a JSON value. */
function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** `str(value)`: text as it is, anything else as its repr. */
function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** `repr(value)` for what json.loads produces, as error messages built with f-strings show it. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
    .join(', ')}}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function times<T>(count: number, make: (index: number) => T): T[] {
  return Array.from({ length: count }, (_, index) => make(index));
}
