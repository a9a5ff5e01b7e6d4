// A stand-in for a ComfyUI server, in the shapes of ComfyUI's server.py, execution.py, nodes.py and main.py:
// - POST /prompt (server.py `post_prompt`): checks the workflow as execution.py `validate_prompt` and
//   `validate_inputs` do, against the core nodes below (nodes.py INPUT_TYPES), and refuses it with 400,
//   `error` and `node_errors`: a checkpoint that is not installed is `value_not_in_list` on the loader,
//   and since the loader is upstream of the output, `error.details` stays empty and only `node_errors`
//   says why. Accepted prompts wait in the queue.
// - One prompt runs at a time (main.py `prompt_worker`); it runs for `pollsBeforeDone` GET /history
//   requests (any prompt's: they stand in for time passing) or until `finishRunning()`, then saves a
//   solid PNG in the seed's colour (SaveImage) and is recorded in the history.
// - GET /history/{prompt_id} (`get_history`): `{}` until the run ends.
// - POST /interrupt (`post_interrupt`): with `{prompt_id}` only that prompt, and only while it runs;
//   without, whatever runs. With `before2025`, a server from before then: `post_interrupt` was
//   `nodes.interrupt_processing()` whatever the body, and `post_prompt` made up every prompt_id
//   (`str(uuid.uuid4())`), ignoring one sent. POST /queue (`post_queue`): `{delete: [ids]}` / `{clear: true}` drop pending
//   prompts only. Both answer 200 with an empty body.
// - GET /queue (`get_queue`), GET /object_info[/{node_class}] (`get_object_info`, `get_object_info_node`),
//   GET /models/{folder} (`get_models`), GET /system_stats (`system_stats`), GET /view (`view_image`).
// Every route is served under /api as well (server.py `add_routes`).
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
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

export interface ComfyUiStandInOptions {
  /** When set, every endpoint requires `Authorization: Bearer <apiKey>`, as a proxy in front of ComfyUI would. */
  apiKey?: string;
  behaviour?: StandInBehaviour;
  /** GET /history requests a prompt runs for before it ends (default 1). */
  pollsBeforeDone?: number;
  /** The files in ComfyUI/models/checkpoints (default COMFYUI_STAND_IN_CHECKPOINTS). */
  checkpoints?: string[];
  /** Answer /ws upgrades (default true); false is a proxy in front of ComfyUI that refuses them. */
  webSocket?: boolean;
  /** A server from before 2025: /interrupt stops whatever runs, /prompt ignores a client's prompt_id. */
  before2025?: boolean;
}

export const COMFYUI_STAND_IN_CHECKPOINTS = ['v1-5-pruned-emaonly-fp16.safetensors', 'sd_xl_base_1.0.safetensors'];

export interface ComfyUiStandIn extends StandIn {
  pollsBeforeDone: number;
  checkpoints: string[];
  /** Prompts accepted so far, by prompt_id. */
  readonly prompts: ReadonlyMap<string, ComfyUiStandInPrompt>;
  /** Ends the running prompt now, as its last poll would (a failure when behaviour is `fail`). */
  finishRunning(): void;
}

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface ComfyUiStandInPrompt {
  promptId: string;
  number: number;
  workflow: Workflow;
  extraData: Record<string, unknown>;
  /** The output nodes it will execute (`outputs_to_execute`). */
  outputs: string[];
  /** `deleted`: taken out of the queue before it ran (POST /queue). */
  status: 'pending' | 'running' | 'done' | 'deleted';
  /** GET /history requests seen while it ran. */
  ticks: number;
  /** Ended by POST /interrupt while it ran. */
  interrupted: boolean;
  /** Its /history entry once it ended. */
  history?: Record<string, unknown>;
}

interface State {
  behaviour: StandInBehaviour;
  before2025: boolean;
  pollsBeforeDone: number;
  checkpoints: string[];
  prompts: Map<string, ComfyUiStandInPrompt>;
  /** server.py `self.number`: every POST /prompt takes one, refused or not. */
  nextNumber: number;
  /** Saved files by `subfolder/filename`: what /view paints. */
  files: Map<string, { seed: number; width: number; height: number }>;
  /** The last counter used per filename prefix (folder_paths.py `get_save_image_path`). */
  counters: Map<string, number>;
  /** Open /ws connections by clientId (server.py `self.sockets`). */
  sockets: Map<string, WebSocket>;
}

export async function startComfyUiStandIn(options: ComfyUiStandInOptions = {}): Promise<ComfyUiStandIn> {
  const state: State = {
    behaviour: options.behaviour ?? 'ok',
    before2025: options.before2025 ?? false,
    pollsBeforeDone: options.pollsBeforeDone ?? 1,
    checkpoints: options.checkpoints ?? [...COMFYUI_STAND_IN_CHECKPOINTS],
    prompts: new Map(),
    nextNumber: 0,
    files: new Map(),
    counters: new Map(),
    sockets: new Map(),
  };
  const server = await listenStandIn(
    (request, response) => route(state, options.apiKey, request, response),
    () => state.behaviour,
  );
  if (options.webSocket !== false) acceptWebSockets(state, server.server, options.apiKey);
  return Object.assign(state, {
    url: server.origin,
    requests: server.requests,
    close() {
      for (const socket of state.sockets.values()) socket.terminate();
      return server.close();
    },
    finishRunning() {
      const running = runningPrompt(state);
      if (running) endRun(state, running, state.behaviour === 'fail' ? 'failed' : 'succeeded');
    },
  });
}

async function route(state: State, apiKey: string | undefined, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  if (state.behaviour === 'unauthorized' || (apiKey !== undefined && !hasBearer(request, apiKey))) {
    return sendText(response, 401, '401: Unauthorized');
  }
  const path = request.path.replace(/^\/api(?=\/)/, '');
  const get = request.method === 'GET';
  const post = request.method === 'POST';
  const history = /^\/history\/([^/]+)$/.exec(path);
  const objectInfo = /^\/object_info\/([^/]+)$/.exec(path);
  const models = /^\/models\/([^/]+)$/.exec(path);

  if (post && path === '/prompt') return postPrompt(state, request, response);
  if (get && history) return sendJson(response, 200, getHistory(state, decodeURIComponent(history[1])));
  if (get && path === '/view') return viewImage(state, request, response);
  if (post && path === '/queue') return postQueue(state, request, response);
  if (post && path === '/interrupt') return postInterrupt(state, request, response);
  if (get && path === '/queue') return sendJson(response, 200, getQueue(state));
  if (get && path === '/object_info') return sendJson(response, 200, objectInfoOf(state, Object.keys(NODES)));
  if (get && objectInfo) return sendJson(response, 200, objectInfoOf(state, [decodeURIComponent(objectInfo[1])]));
  if (get && models) return getModels(state, decodeURIComponent(models[1]), response);
  if (get && path === '/system_stats') {
    return state.behaviour === 'fail' ? sendText(response, 500, '500 Internal Server Error') : sendJson(response, 200, systemStats());
  }
  sendText(response, 404, '404: Not Found');
}

/** aiohttp's answer when a handler raises, e.g. `await request.json()` on a body that is not JSON. */
function serverTrouble(response: http.ServerResponse): void {
  sendText(response, 500, '500 Internal Server Error\n\nServer got itself in trouble');
}

/** server.py `post_prompt`. */
function postPrompt(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const body = request.body;
  if (!isObject(body)) return serverTrouble(response);
  const number = state.nextNumber++;
  if (!('prompt' in body)) {
    const error = { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} };
    return sendJson(response, 400, { error, node_errors: {} });
  }
  if (!isObject(body.prompt)) return serverTrouble(response);
  const workflow = body.prompt as Workflow;
  const checked = validatePrompt(workflow, state.checkpoints);
  if (!checked.valid) return sendJson(response, 400, { error: checked.error, node_errors: checked.nodeErrors });

  // Since 2025 the caller may name the prompt; older servers always made the id up.
  const named = !state.before2025 && 'prompt_id' in body;
  const promptId = named ? String(body.prompt_id) : randomUUID();
  const extraData = isObject(body.extra_data) ? { ...body.extra_data } : {};
  if ('client_id' in body) extraData.client_id = body.client_id;
  state.prompts.set(promptId, { promptId, number, workflow, extraData, outputs: checked.outputs, status: 'pending', ticks: 0, interrupted: false });
  startNext(state);
  sendJson(response, 200, { prompt_id: promptId, number, node_errors: checked.nodeErrors });
}

/** server.py `get_history` for one prompt; each request is a tick of the running prompt's clock. */
function getHistory(state: State, promptId: string): Record<string, unknown> {
  const running = runningPrompt(state);
  if (running) {
    if (running.ticks >= state.pollsBeforeDone) endRun(state, running, state.behaviour === 'fail' ? 'failed' : 'succeeded');
    else {
      running.ticks += 1;
      sendProgress(state, running);
    }
  }
  const entry = state.prompts.get(promptId)?.history;
  return entry ? { [promptId]: entry } : {};
}

/**
 * server.py `post_queue`: PromptQueue.delete_queue_item and wipe_queue search the pending queue
 * only, so a running prompt stays. An empty 200.
 */
function postQueue(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const body = request.body;
  if (!isObject(body)) return serverTrouble(response);
  const doomed = Array.isArray(body.delete) ? (body.delete as unknown[]) : [];
  for (const prompt of state.prompts.values()) {
    if (prompt.status === 'pending' && (body.clear === true || doomed.includes(prompt.promptId))) prompt.status = 'deleted';
  }
  response.writeHead(200, { 'content-length': 0 }).end();
}

/**
 * server.py `post_interrupt`: a body that is not JSON counts as `{}`. With a prompt_id it interrupts
 * only if that prompt is the one running; without, whatever runs. Before 2025 the body was never read.
 * An empty 200.
 */
function postInterrupt(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const promptId = !state.before2025 && isObject(request.body) ? request.body.prompt_id : undefined;
  const running = runningPrompt(state);
  if (running && (!promptId || promptId === running.promptId)) endRun(state, running, 'interrupted');
  response.writeHead(200, { 'content-length': 0 }).end();
}

/** server.py `get_queue`: the queue items are `[number, prompt_id, prompt, extra_data, outputs_to_execute]`. */
function getQueue(state: State): Record<string, unknown> {
  const items = (status: ComfyUiStandInPrompt['status']) =>
    [...state.prompts.values()]
      .filter((prompt) => prompt.status === status)
      .map((prompt) => [prompt.number, prompt.promptId, prompt.workflow, prompt.extraData, prompt.outputs]);
  return { queue_running: items('running'), queue_pending: items('pending') };
}

/** server.py `get_models`: the file names in a models folder; 404 with no body for a folder it does not know. */
function getModels(state: State, folder: string, response: http.ServerResponse): void {
  if (folder === 'checkpoints') return sendJson(response, 200, state.checkpoints);
  if (OTHER_MODEL_FOLDERS.includes(folder)) return sendJson(response, 200, []);
  response.writeHead(404, { 'content-length': 0 }).end();
}

const OTHER_MODEL_FOLDERS = ['configs', 'loras', 'vae', 'text_encoders', 'diffusion_models', 'clip_vision', 'embeddings', 'upscale_models'];

/** server.py `view_image`: `type` defaults to output; unknown files are 404. */
async function viewImage(state: State, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  const { filename, subfolder = '', type = 'output' } = request.query;
  const file = type === 'output' ? state.files.get(`${subfolder}/${filename ?? ''}`) : undefined;
  if (!file) return sendText(response, 404, '404: Not Found');
  if (state.behaviour === 'garbage') return sendBytes(response, GARBAGE_IMAGE);
  sendBytes(response, await solidPng(file.width, file.height, file.seed));
}

// ---- The queue (main.py `prompt_worker`, execution.py PromptQueue) ----

function runningPrompt(state: State): ComfyUiStandInPrompt | undefined {
  return [...state.prompts.values()].find((prompt) => prompt.status === 'running');
}

/** The worker takes the pending prompt with the lowest number once nothing runs. */
function startNext(state: State): void {
  if (runningPrompt(state)) return;
  const pending = [...state.prompts.values()].filter((prompt) => prompt.status === 'pending');
  const next = pending.sort((a, b) => a.number - b.number)[0];
  if (!next) return;
  next.status = 'running';
  const { promptId } = next;
  sendEvent(state, next, 'execution_start', { prompt_id: promptId, timestamp: Date.now() });
  sendEvent(state, next, 'executing', { node: '3', display_node: '3', prompt_id: promptId });
}

/**
 * server.py `websocket_handler`: a client connects to /ws?clientId=, is greeted with the queue's
 * status, and from then on gets the events of the prompts it queued (PromptServer.send_sync with the
 * prompt's client_id). A proxy's bearer key is checked like on every other route.
 */
function acceptWebSockets(state: State, server: http.Server, apiKey: string | undefined): void {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const authorised = apiKey === undefined || incoming.headers.authorization === `Bearer ${apiKey}`;
    if (!/^(\/api)?\/ws$/.test(url.pathname) || !authorised) {
      socket.end(`HTTP/1.1 ${authorised ? '404 Not Found' : '401 Unauthorized'}\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(incoming, socket, head, (client) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID().replace(/-/g, '');
      state.sockets.set(clientId, client);
      client.on('close', () => state.sockets.delete(clientId));
      const queueRemaining = [...state.prompts.values()].filter((prompt) => prompt.status === 'pending' || prompt.status === 'running').length;
      client.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: queueRemaining } }, sid: clientId } }));
    });
  });
}

/** Sends a JSON event to the client that queued the prompt, if it listens. */
function sendEvent(state: State, prompt: ComfyUiStandInPrompt, type: string, data: Record<string, unknown>): void {
  const client = state.sockets.get(String(prompt.extraData.client_id));
  if (client?.readyState === client?.OPEN) client?.send(JSON.stringify({ type, data }));
}

/**
 * main.py `hijack_progress`: the sampler's step as `progress` {value, max, prompt_id, node}, and with a
 * preview method a JPEG of the latent so far as a binary frame (protocol.py PREVIEW_IMAGE = 1, format 1 = JPEG).
 */
function sendProgress(state: State, prompt: ComfyUiStandInPrompt): void {
  const max = state.pollsBeforeDone + 1;
  sendEvent(state, prompt, 'progress', { value: prompt.ticks, max, prompt_id: prompt.promptId, node: '3' });
  const client = state.sockets.get(String(prompt.extraData.client_id));
  if (!client) return;
  const level = Math.round(64 + (prompt.ticks / max) * 128);
  void sharp({ create: { width: 64, height: 64, channels: 3, background: { r: level, g: level, b: level } } })
    .jpeg()
    .toBuffer()
    .then((jpeg) => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(1, 0);
      header.writeUInt32BE(1, 4);
      if (client.readyState === client.OPEN) client.send(Buffer.concat([header, jpeg]));
    });
}

/**
 * Ends the running prompt as PromptExecutor.execute would and records it as PromptQueue.task_done
 * does: `status_str` success or error, `completed` only on success, the events in `messages`.
 */
function endRun(state: State, prompt: ComfyUiStandInPrompt, how: 'succeeded' | 'failed' | 'interrupted'): void {
  const { promptId } = prompt;
  const timestamp = Date.now();
  const started = [
    ['execution_start', { prompt_id: promptId, timestamp }],
    ['execution_cached', { nodes: [], prompt_id: promptId, timestamp }],
  ];
  // Where the run stops when it does not succeed: the sampler, the long part.
  const stopAt = Object.keys(prompt.workflow).find((id) => prompt.workflow[id].class_type === 'KSampler') ?? prompt.outputs[0];
  const where = {
    prompt_id: promptId,
    node_id: stopAt,
    node_type: prompt.workflow[stopAt]?.class_type,
    executed: upstreamOf(prompt.workflow, stopAt),
  };
  let outputs: Record<string, unknown> = {};
  let status: Record<string, unknown>;
  if (how === 'interrupted') {
    prompt.interrupted = true;
    status = { status_str: 'error', completed: false, messages: [...started, ['execution_interrupted', { ...where, timestamp }]] };
  } else if (how === 'failed') {
    const failure = {
      ...where,
      exception_message: 'CUDA out of memory. Tried to allocate 1.50 GiB\n',
      exception_type: 'torch.OutOfMemoryError',
      traceback: ['  File "execution.py", line 151, in recursive_execute\n'],
      current_inputs: {},
      current_outputs: {},
      timestamp,
    };
    status = { status_str: 'error', completed: false, messages: [...started, ['execution_error', failure]] };
  } else {
    outputs = Object.fromEntries(prompt.outputs.map((id) => [id, { images: [saveImage(state, prompt.workflow, id)] }]));
    status = { status_str: 'success', completed: true, messages: [...started, ['execution_success', { prompt_id: promptId, timestamp }]] };
  }
  prompt.history = { prompt: [prompt.number, promptId, prompt.workflow, prompt.extraData, prompt.outputs], outputs, status, meta: {} };
  prompt.status = 'done';
  // The last of the run's events reaches its client too.
  const [lastEvent, lastData] = (status.messages as Array<[string, Record<string, unknown>]>).at(-1)!;
  sendEvent(state, prompt, lastEvent, lastData);
  startNext(state);
}

/** nodes.py SaveImage.save_images: `<prefix>_<counter:05>_.png`, the counter one past the last for that prefix. */
function saveImage(state: State, workflow: Workflow, saveNode: string): { filename: string; subfolder: string; type: 'output' } {
  const prefix = String(workflow[saveNode].inputs.filename_prefix ?? 'ComfyUI');
  const slash = prefix.lastIndexOf('/');
  const subfolder = slash < 0 ? '' : prefix.slice(0, slash);
  const counter = (state.counters.get(prefix) ?? 0) + 1;
  state.counters.set(prefix, counter);
  const filename = `${prefix.slice(slash + 1)}_${String(counter).padStart(5, '0')}_.png`;
  state.files.set(`${subfolder}/${filename}`, pictureSettings(workflow));
  return { filename, subfolder, type: 'output' };
}

function pictureSettings(workflow: Workflow): { seed: number; width: number; height: number } {
  const nodes = Object.values(workflow);
  const sampler = nodes.find((node) => node.class_type === 'KSampler')?.inputs ?? {};
  const latent = nodes.find((node) => node.class_type === 'EmptyLatentImage')?.inputs ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return { seed: number(sampler.seed, 0), width: number(latent.width, 512), height: number(latent.height, 512) };
}

/** The nodes a node's links lead back to: what has run by the time it runs. */
function upstreamOf(workflow: Workflow, id: string, seen = new Set<string>()): string[] {
  for (const value of Object.values(workflow[id]?.inputs ?? {})) {
    const from = Array.isArray(value) ? String(value[0]) : undefined;
    if (from === undefined || seen.has(from)) continue;
    seen.add(from);
    upstreamOf(workflow, from, seen);
  }
  return [...seen];
}

// ---- Validation (execution.py `validate_prompt`, `validate_inputs`) ----

/** An input's type (`INT`, `MODEL`, ...) or its list of choices, and its options: nodes.py INPUT_TYPES. */
type InputSpec = [string | string[], Record<string, unknown>?];

interface NodeClass {
  /** INPUT_TYPES()["required"]; the checkpoint loader's choices are the installed files. */
  required(checkpoints: string[]): Record<string, InputSpec>;
  /** RETURN_TYPES */
  output: string[];
  outputNode?: boolean;
  displayName: string;
  description: string;
  category: string;
}

const MAX_RESOLUTION = 16384;
/** Part of comfy/samplers.py KSampler.SAMPLERS and SCHEDULERS. */
const SAMPLERS = ['euler', 'euler_ancestral', 'heun', 'dpm_2', 'dpm_2_ancestral', 'lms', 'dpmpp_2m', 'dpmpp_2m_sde', 'dpmpp_sde', 'ddim', 'uni_pc'];
const SCHEDULERS = ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple', 'ddim_uniform', 'beta'];

/** The core nodes the stand-in knows, as nodes.py declares them; any other class_type is refused. */
const NODES: Record<string, NodeClass> = {
  CheckpointLoaderSimple: {
    required: (checkpoints) => ({ ckpt_name: [[...checkpoints], { tooltip: 'The name of the checkpoint (model) to load.' }] }),
    output: ['MODEL', 'CLIP', 'VAE'],
    displayName: 'Load Checkpoint',
    description: 'Loads a diffusion model checkpoint, diffusion models are used to denoise latents.',
    category: 'loaders',
  },
  CLIPTextEncode: {
    required: () => ({ text: ['STRING', { multiline: true, dynamicPrompts: true }], clip: ['CLIP'] }),
    output: ['CONDITIONING'],
    displayName: 'CLIP Text Encode (Prompt)',
    description:
      'Encodes a text prompt using a CLIP model into an embedding that can be used to guide the diffusion model towards generating specific images.',
    category: 'conditioning',
  },
  EmptyLatentImage: {
    required: () => ({
      width: ['INT', { default: 512, min: 16, max: MAX_RESOLUTION, step: 8 }],
      height: ['INT', { default: 512, min: 16, max: MAX_RESOLUTION, step: 8 }],
      batch_size: ['INT', { default: 1, min: 1, max: 4096 }],
    }),
    output: ['LATENT'],
    displayName: 'Empty Latent Image',
    description: 'Create a new batch of empty latent images to be denoised via sampling.',
    category: 'latent',
  },
  KSampler: {
    required: () => ({
      model: ['MODEL'],
      seed: ['INT', { default: 0, min: 0, max: 2 ** 64 - 1 }], // 0xffffffffffffffff, as far as a JS number holds it
      steps: ['INT', { default: 20, min: 1, max: 10000 }],
      cfg: ['FLOAT', { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }],
      sampler_name: [SAMPLERS],
      scheduler: [SCHEDULERS],
      positive: ['CONDITIONING'],
      negative: ['CONDITIONING'],
      latent_image: ['LATENT'],
      denoise: ['FLOAT', { default: 1.0, min: 0.0, max: 1.0, step: 0.01 }],
    }),
    output: ['LATENT'],
    displayName: 'KSampler',
    description: 'Uses the provided model, positive and negative conditioning to denoise the latent image.',
    category: 'sampling',
  },
  VAEDecode: {
    required: () => ({ samples: ['LATENT'], vae: ['VAE'] }),
    output: ['IMAGE'],
    displayName: 'VAE Decode',
    description: 'Decodes latent images back into pixel space images.',
    category: 'latent',
  },
  SaveImage: {
    required: () => ({ images: ['IMAGE'], filename_prefix: ['STRING', { default: 'ComfyUI' }] }),
    output: [],
    outputNode: true,
    displayName: 'Save Image',
    description: 'Saves the input images to your ComfyUI output directory.',
    category: 'image',
  },
};

interface ComfyError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

/** One entry of `validated`: whether the node passed, and its own reasons (none when only upstream failed). */
interface Checked {
  valid: boolean;
  reasons: ComfyError[];
}

function reason(type: string, message: string, details: string, extra_info: Record<string, unknown>): ComfyError {
  return { type, message, details, extra_info };
}

interface NodeErrors {
  errors: ComfyError[];
  dependent_outputs: string[];
  class_type: string;
}

type Validation =
  | { valid: true; outputs: string[]; nodeErrors: Record<string, NodeErrors> }
  | { valid: false; error: ComfyError; nodeErrors: Record<string, NodeErrors> };

/**
 * execution.py `validate_prompt`: every node needs a known class_type, there must be an output node,
 * and each output is checked with all it depends on. Outputs that pass run; with none, the prompt is
 * refused, `error.details` listing only the output nodes' own errors.
 */
function validatePrompt(workflow: Workflow, checkpoints: string[]): Validation {
  const refuse = (type: string, message: string, details: string): Validation => ({
    valid: false,
    error: reason(type, message, details, {}),
    nodeErrors: {},
  });
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    if (!isObject(node) || typeof node.class_type !== 'string') {
      return refuse('invalid_prompt', 'Cannot execute because a node is missing the class_type property.', `Node ID '#${id}'`);
    }
    const known = Object.hasOwn(NODES, node.class_type) ? NODES[node.class_type] : undefined;
    if (!known) return refuse('invalid_prompt', `Cannot execute because node ${node.class_type} does not exist.`, `Node ID '#${id}'`);
    if (known.outputNode) outputs.push(id);
  }
  if (outputs.length === 0) return refuse('prompt_no_outputs', 'Prompt has no outputs', '');

  const validated = new Map<string, Checked>();
  const goodOutputs: string[] = [];
  const outputErrors: ComfyError[] = [];
  const nodeErrors: Record<string, NodeErrors> = {};
  for (const output of outputs) {
    let result: Checked;
    try {
      result = { valid: validateInputs(workflow, output, validated, checkpoints), reasons: validated.get(output)?.reasons ?? [] };
    } catch (error) {
      result = { valid: false, reasons: [reason('exception_during_validation', 'Exception when validating node', (error as Error).message, {})] };
      validated.set(output, result);
    }
    if (result.valid) {
      goodOutputs.push(output);
      continue;
    }
    outputErrors.push(...result.reasons);
    for (const [id, { valid, reasons }] of validated) {
      if (valid || reasons.length === 0) continue;
      nodeErrors[id] ??= { errors: reasons, dependent_outputs: [], class_type: workflow[id].class_type };
      nodeErrors[id].dependent_outputs.push(output);
    }
  }
  if (goodOutputs.length === 0) {
    return {
      valid: false,
      error: reason(
        'prompt_outputs_failed_validation',
        'Prompt outputs failed validation',
        outputErrors.map((error) => `${error.message}: ${error.details}`).join('\n'),
        {},
      ),
      nodeErrors,
    };
  }
  return { valid: true, outputs: goodOutputs, nodeErrors };
}

/**
 * execution.py `validate_inputs` for one node, memoised in `validated`: linked inputs must come from
 * an output of the right type and be valid themselves (a node whose only fault is upstream records
 * no reasons of its own); values are converted to INT/FLOAT and kept within min/max; choices must
 * be in the list. Throws, as Python's KeyError would, on a link to a node that does not exist.
 */
function validateInputs(workflow: Workflow, id: string, validated: Map<string, Checked>, checkpoints: string[]): boolean {
  const known = validated.get(id);
  if (known) return known.valid;
  const node = workflow[id];
  const inputs = isObject(node.inputs) ? node.inputs : {};
  const reasons: ComfyError[] = [];
  let valid = true;
  for (const [name, info] of Object.entries(NODES[node.class_type].required(checkpoints))) {
    const [type, options = {}] = info;
    if (!(name in inputs)) {
      reasons.push(reason('required_input_missing', 'Required input is missing', name, { input_name: name }));
      continue;
    }
    const value = inputs[name];
    const extra = { input_name: name, input_config: info, received_value: value };
    if (Array.isArray(value)) {
      if (value.length !== 2) {
        reasons.push(reason('bad_linked_input', 'Bad linked input, must be a length-2 list of [node_id, slot_index]', name, extra));
        continue;
      }
      const source = Object.hasOwn(workflow, String(value[0])) ? workflow[String(value[0])] : undefined;
      if (!source) throw new Error(`'${String(value[0])}'`);
      const received = NODES[source.class_type].output[Number(value[1])];
      if (received !== type) {
        const details = `${name}, received_type(${String(received)}) mismatch input_type(${String(type)})`;
        reasons.push(reason('return_type_mismatch', 'Return type mismatch between linked nodes', details, { ...extra, received_type: received }));
        continue;
      }
      if (!validateInputs(workflow, String(value[0]), validated, checkpoints)) valid = false;
      continue;
    }
    if (type === 'INT' || type === 'FLOAT') {
      const converted = type === 'INT' ? pythonInt(value) : pythonFloat(value);
      if (typeof converted === 'string') {
        const message = `Failed to convert an input ${name} value to a ${type} value`;
        reasons.push(reason('invalid_input_type', message, `${name}, ${String(value)}, ${converted}`, { ...extra, exception_message: converted }));
        continue;
      }
      if (typeof options.min === 'number' && converted < options.min) {
        reasons.push(reason('value_smaller_than_min', `Value ${converted} smaller than min of ${options.min}`, name, extra));
      }
      if (typeof options.max === 'number' && converted > options.max) {
        reasons.push(reason('value_bigger_than_max', `Value ${converted} bigger than max of ${options.max}`, name, extra));
      }
      continue;
    }
    if (Array.isArray(type) && !type.includes(value as string)) {
      // ComfyUI leaves long lists (many installed models) out of the message.
      const listInfo = type.length > 20 ? `(list of length ${type.length})` : pythonList(type);
      const details = `${name}: '${String(value)}' not in ${listInfo}`;
      reasons.push(reason('value_not_in_list', 'Value not in list', details, { ...extra, input_config: type.length > 20 ? null : info }));
    }
  }
  valid &&= reasons.length === 0;
  validated.set(id, { valid, reasons });
  return valid;
}

/** Python's int(value) on a JSON value: the number, or the exception's message. */
function pythonInt(value: unknown): number | string {
  if (typeof value === 'number' || typeof value === 'boolean') return Math.trunc(Number(value));
  if (typeof value === 'string' && /^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) return Number(value.replace(/_/g, ''));
  if (typeof value === 'string') return `invalid literal for int() with base 10: '${value}'`;
  return `int() argument must be a string, a bytes-like object or a real number, not '${pythonType(value)}'`;
}

/** Python's float(value) on a JSON value: the number, or the exception's message. */
function pythonFloat(value: unknown): number | string {
  if (typeof value === 'number' || typeof value === 'boolean') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === 'string') return `could not convert string to float: '${value}'`;
  return `float() argument must be a string or a real number, not '${pythonType(value)}'`;
}

function pythonType(value: unknown): string {
  return value === null ? 'NoneType' : isObject(value) ? 'dict' : typeof value;
}

/** str() of a Python list of strings, as ComfyUI puts the choices in a message. */
function pythonList(items: string[]): string {
  return `[${items.map((item) => (item.includes("'") && !item.includes('"') ? `"${item}"` : `'${item}'`)).join(', ')}]`;
}

// ---- Node and system information ----

/** server.py `node_info` for each known class asked for; unknown classes are left out (`{}` for one). */
function objectInfoOf(state: State, classes: string[]): Record<string, unknown> {
  const known = classes.filter((name) => Object.hasOwn(NODES, name));
  return Object.fromEntries(
    known.map((name) => {
      const node = NODES[name];
      const required = node.required(state.checkpoints);
      const info = {
        input: { required },
        input_order: { required: Object.keys(required) },
        output: node.output,
        output_is_list: node.output.map(() => false),
        output_name: node.output,
        name,
        display_name: node.displayName,
        description: node.description,
        python_module: 'nodes',
        category: node.category,
        output_node: node.outputNode ?? false,
      };
      return [name, info];
    }),
  );
}

function systemStats() {
  return {
    system: {
      os: 'posix',
      ram_total: 34359738368,
      ram_free: 17179869184,
      comfyui_version: 'stand-in',
      python_version: '3.12.3',
      pytorch_version: '2.5.1+cu124',
      embedded_python: false,
      argv: ['main.py', '--listen'],
    },
    devices: [
      {
        name: 'cuda:0 Stand-in GPU : cudaMallocAsync',
        type: 'cuda',
        index: 0,
        vram_total: 25769803776,
        vram_free: 24696061952,
        torch_vram_total: 0,
        torch_vram_free: 0,
      },
    ],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
