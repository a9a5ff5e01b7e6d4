// A stand-in for an AUTOMATIC1111 / SD WebUI Forge web UI started with --api (and --api-auth), in the
// shapes of modules/api/api.py and modules/api/models.py:
// - POST /sdapi/v1/txt2img (text2imgapi): an unknown sampler_name is refused at once with 400 "Sampler
//   not found" (validate_sampler_name, before the task is queued); fields left out take the defaults of
//   models.py StableDiffusionTxt2ImgProcessingAPI (prompt "", seed -1 = random, 512x512, the first
//   sampler). The task waits for queue_lock, renders, answers the picture (a real PNG in the seed's
//   colour, standInColour). Like A1111 it never looks at the connection: a client that hangs up does
//   not stop the render; only POST /sdapi/v1/interrupt does. A render that raises skips `finish_task`
//   (it is not in a `finally`), so modules/progress.py's `current_task` stays the failed task, which
//   /internal/progress reports `active` until the next task starts.
// - POST /sdapi/v1/interrupt (interruptapi): `shared.state.interrupt()` flags whatever task runs now;
//   A1111 clears the flag when a task starts (shared_state.py `begin`), so a queued task is untouched.
// - GET /sdapi/v1/progress (progressapi), GET /sdapi/v1/options (get_config).
// - POST /internal/progress (modules/progress.py `progressapi`): only in UI mode; --nowebui has no such route.
//   `setup_progress_api` adds it with app.add_api_route and no dependencies, so --api-auth does not
//   guard it (Api.add_api_route adds the auth dependency to the /sdapi routes only).
import type * as http from 'node:http';
import sharp from 'sharp';
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
  /** How long one render holds queue_lock (default 0). */
  renderMs?: number;
  /** Started with --nowebui: no /internal/progress (worker-a1111 runs it so). */
  apiOnly?: boolean;
}

export interface A1111StandIn extends StandIn {
  /**
   * The seed txt2img reports in `info`: undefined echoes the requested seed (what A1111 does),
   * a number reports that seed instead, null leaves the seed out of `info` entirely.
   */
  reportedSeed: number | null | undefined;
  renderMs: number;
  /** Every txt2img task by id, in arrival order. */
  readonly tasks: ReadonlyMap<string, A1111StandInTask>;
  /** How many times POST /sdapi/v1/interrupt was called. */
  readonly interrupts: number;
}

export interface A1111StandInTask {
  state: 'queued' | 'active' | 'done';
  /** Date.now() when it took queue_lock. */
  startedAt?: number;
  /** Its render's length, fixed when it starts. */
  renderMs?: number;
  /** Ended early by an interrupt (A1111 still answers 200 with what it had). */
  interrupted: boolean;
  /** Its render raised: never in progress.py's finished_tasks. */
  failed?: boolean;
}

export const A1111_STAND_IN_CHECKPOINT = 'v1-5-pruned-emaonly.safetensors [6ce0161689]';

interface State {
  behaviour: StandInBehaviour;
  reportedSeed: number | null | undefined;
  renderMs: number;
  tasks: Map<string, A1111StandInTask>;
  interrupts: number;
  /** The end of queue_lock's line: each task starts when the one before it is done. */
  lock: Promise<void>;
  /** Ends the active render at once. */
  stopActive?: () => void;
  taskCount: number;
  /** modules/progress.py `current_task`: set by start_task, cleared by finish_task only. */
  currentTask?: string;
}

export async function startA1111StandIn(options: A1111StandInOptions = {}): Promise<A1111StandIn> {
  const state: State = {
    behaviour: options.behaviour ?? 'ok',
    reportedSeed: options.reportedSeed,
    renderMs: options.renderMs ?? 0,
    tasks: new Map(),
    interrupts: 0,
    lock: Promise.resolve(),
    taskCount: 0,
  };
  const server = await listenStandIn(
    (request, response) => route(state, options, request, response),
    () => state.behaviour,
  );
  // Getters, so tests read the live counts rather than a copy.
  return Object.defineProperties(
    {
      url: server.origin,
      requests: server.requests,
      close() {
        // Renders end with the server, so no timer outlives the test.
        state.renderMs = 0;
        state.stopActive?.();
        return server.close();
      },
    } as unknown as A1111StandIn,
    {
      behaviour: { get: () => state.behaviour, set: (value: StandInBehaviour) => (state.behaviour = value), enumerable: true },
      reportedSeed: { get: () => state.reportedSeed, set: (value: number | null | undefined) => (state.reportedSeed = value), enumerable: true },
      renderMs: { get: () => state.renderMs, set: (value: number) => (state.renderMs = value), enumerable: true },
      tasks: { get: () => state.tasks, enumerable: true },
      interrupts: { get: () => state.interrupts, enumerable: true },
    },
  );
}

async function route(state: State, options: A1111StandInOptions, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  if (`${request.method} ${request.path}` === 'POST /internal/progress' && !options.apiOnly) {
    return sendJson(response, 200, await taskProgress(state, request.body));
  }
  if (state.behaviour === 'unauthorized' || (options.auth !== undefined && request.headers.authorization !== basic(options.auth))) {
    return sendJson(response, 401, a1111Error('HTTPException', 'Incorrect username or password', 401), { 'www-authenticate': 'Basic' });
  }
  const endpoint = `${request.method} ${request.path}`;
  if (endpoint === 'POST /sdapi/v1/txt2img') return txt2img(state, request, response);
  if (state.behaviour === 'fail' && request.path.startsWith('/sdapi/')) {
    return sendJson(response, 500, a1111Error('RuntimeError', 'Expected all tensors to be on the same device'));
  }
  if (endpoint === 'GET /sdapi/v1/progress') return sendJson(response, 200, await progress(state, request.query.skip_current_image !== 'true'));
  if (endpoint === 'GET /sdapi/v1/options') return sendJson(response, 200, { sd_model_checkpoint: A1111_STAND_IN_CHECKPOINT, samples_format: 'png' });
  if (endpoint === 'POST /sdapi/v1/interrupt') {
    state.interrupts += 1;
    state.stopActive?.();
    return sendJson(response, 200, {});
  }
  sendJson(response, 404, { detail: 'Not Found' });
}

async function txt2img(state: State, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  const sent = (request.body ?? {}) as Record<string, unknown>;
  const invalid = invalidField(sent);
  if (invalid) {
    // FastAPI's validation answer.
    return sendJson(response, 422, { detail: [{ loc: ['body', invalid], msg: 'value is not valid', type: 'type_error' }] });
  }
  const body: Record<string, unknown> = { ...TXT2IMG_DEFAULTS, ...sent };
  if (!SAMPLERS.includes(body.sampler_name as string)) return sendJson(response, 400, a1111Error('HTTPException', 'Sampler not found', 400));
  state.taskCount += 1;
  const taskId = typeof body.force_task_id === 'string' && body.force_task_id ? body.force_task_id : `task(txt2img-${state.taskCount})`;
  const task: A1111StandInTask = { state: 'queued', interrupted: false };
  state.tasks.set(taskId, task);
  await holdQueueLock(state, task, taskId);
  if (state.behaviour === 'fail') {
    task.failed = true;
    return sendJson(response, 500, a1111Error('OutOfMemoryError', 'CUDA out of memory. Tried to allocate 2.00 GiB'));
  }
  state.currentTask = undefined; // finish_task, reached only when the render did not raise
  // processing.py: a seed of -1 (or none) is a random one.
  const seed = body.seed === -1 ? Math.floor(Math.random() * 4_294_967_295) : (body.seed as number);
  const image = state.behaviour === 'garbage' ? GARBAGE_IMAGE : await solidPng(body.width as number, body.height as number, seed);
  const reported = state.reportedSeed === undefined ? seed : state.reportedSeed;
  const info = { prompt: body.prompt, all_prompts: [body.prompt], width: body.width, height: body.height, sd_model_name: A1111_STAND_IN_CHECKPOINT };
  // Written whether or not the client still listens, as FastAPI does.
  sendJson(response, 200, {
    images: [image.toString('base64')],
    parameters: body,
    info: JSON.stringify(reported === null ? info : { ...info, seed: reported, all_seeds: [reported] }),
  });
}

/** Waits for queue_lock, then (start_task) renders for renderMs unless interrupted. */
async function holdQueueLock(state: State, task: A1111StandInTask, taskId: string): Promise<void> {
  const before = state.lock;
  let release!: () => void;
  state.lock = new Promise<void>((resolve) => (release = resolve));
  await before;
  state.currentTask = taskId;
  task.state = 'active';
  task.startedAt = Date.now();
  task.renderMs = state.renderMs;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, state.renderMs);
    state.stopActive = () => {
      task.interrupted = true;
      clearTimeout(timer);
      resolve();
    };
  });
  state.stopActive = undefined;
  task.state = 'done';
  release();
}

/** Fields that are there but of the wrong type; a field left out takes its default. */
function invalidField(body: Record<string, unknown>): string | undefined {
  if (body.prompt !== undefined && typeof body.prompt !== 'string') return 'prompt';
  if (body.sampler_name !== undefined && typeof body.sampler_name !== 'string') return 'sampler_name';
  return ['seed', 'width', 'height'].find((field) => body[field] !== undefined && !Number.isInteger(body[field]));
}

/** models.py StableDiffusionTxt2ImgProcessingAPI's defaults (from StableDiffusionProcessingTxt2Img's signature). */
const TXT2IMG_DEFAULTS = { prompt: '', seed: -1, width: 512, height: 512, sampler_name: 'DPM++ 2M' };

/** sd_samplers.all_samplers_map's names (sd_samplers_kdiffusion.py samplers_k_diffusion, sd_samplers_timesteps.py). */
const SAMPLERS = [
  'DPM++ 2M', 'DPM++ SDE', 'DPM++ 2M SDE', 'DPM++ 2M SDE Heun', 'DPM++ 2S a', 'DPM++ 3M SDE', 'Euler a', 'Euler', 'LMS', 'Heun',
  'DPM2', 'DPM2 a', 'DPM fast', 'DPM adaptive', 'Restart', 'DDIM', 'DDIM CFG++', 'PLMS', 'UniPC', 'LCM',
];

/** The body A1111's exception middleware sends for every error. */
function a1111Error(type: string, message: string, status?: number) {
  return { error: type, detail: status ? message : '', body: '', errors: status ? `${status}: ${message}` : message };
}

/** The task holding queue_lock, and how far its render is (by the clock: A1111 counts sampling steps). */
function activeTask(state: State): { task: A1111StandInTask; done: number } | undefined {
  const task = [...state.tasks.values()].find((candidate) => candidate.state === 'active');
  if (!task) return undefined;
  const elapsed = Date.now() - (task.startedAt ?? Date.now());
  return { task, done: task.renderMs ? Math.min(0.99, elapsed / task.renderMs) : 0 };
}

/** A preview of a render so far: grey, brightening as the render goes. */
async function previewOf(done: number): Promise<string> {
  const level = Math.round(64 + done * 128);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: level, g: level, b: level } } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** modules/api/api.py progressapi: the web UI as a whole, with the current image unless skipped. */
async function progress(state: State, withImage: boolean) {
  const active = activeTask(state);
  const steps = 20;
  return {
    progress: active ? active.done : 0,
    eta_relative: active ? ((active.task.renderMs ?? 0) * (1 - active.done)) / 1000 : 0,
    state: {
      skipped: false,
      interrupted: false,
      job: active ? 'txt2img' : '',
      job_count: active ? 1 : 0,
      job_timestamp: '0',
      job_no: 0,
      sampling_step: active ? Math.floor(active.done * steps) : 0,
      sampling_steps: active ? steps : 0,
    },
    current_image: active && withImage ? await previewOf(active.done) : null,
    textinfo: null,
  };
}

/** modules/progress.py progressapi: where one task stands, with a live preview (a data: URL) when asked. */
async function taskProgress(state: State, body: unknown) {
  const request = (body ?? {}) as { id_task?: unknown; live_preview?: unknown };
  const task = typeof request.id_task === 'string' ? state.tasks.get(request.id_task) : undefined;
  const queued = task?.state === 'queued';
  const current = task !== undefined && request.id_task === state.currentTask;
  const completed = task?.state === 'done' && !task.failed;
  const active = activeTask(state);
  // A failed task stays current_task: `active`, though nothing renders (shared.state.end ran).
  if (current && active?.task !== task) {
    return { active: true, queued: false, completed: false, progress: 0, eta: null, live_preview: null, id_live_preview: -1, textinfo: null };
  }
  if (!task || active?.task !== task) {
    return { active: false, queued, completed, progress: null, eta: null, live_preview: null, id_live_preview: -1, textinfo: queued ? 'In queue' : 'Waiting...' };
  }
  const preview = request.live_preview === true ? `data:image/png;base64,${await previewOf(active.done)}` : null;
  const eta = ((task.renderMs ?? 0) * (1 - active.done)) / 1000;
  return { active: true, queued: false, completed: false, progress: active.done, eta, live_preview: preview, id_live_preview: 1, textinfo: null };
}

function basic(auth: string): string {
  return `Basic ${Buffer.from(auth, 'utf8').toString('base64')}`;
}
