// A stand-in for a ComfyUI server: POST /prompt, GET /history/{prompt_id}, GET /view, GET /system_stats,
// POST /queue and POST /interrupt, in ComfyUI's shapes. It "runs" a workflow by reading the seed from
// its KSampler and the size from its EmptyLatentImage, and saves a solid PNG in the seed's colour.
// Like ComfyUI, it rejects (400) a workflow that still holds an unfilled `{{placeholder}}`.
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

export interface ComfyUiStandInOptions {
  /** When set, every endpoint requires `Authorization: Bearer <apiKey>`, as a proxy in front of ComfyUI would. */
  apiKey?: string;
  behaviour?: StandInBehaviour;
  /** /history polls answered `{}` before a prompt's entry appears (default 1). */
  pollsBeforeDone?: number;
}

export interface ComfyUiStandIn extends StandIn {
  pollsBeforeDone: number;
  /** Prompts queued so far, by prompt_id. */
  readonly prompts: ReadonlyMap<string, ComfyUiStandInPrompt>;
}

export interface ComfyUiStandInPrompt {
  number: number;
  workflow: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
  clientId: unknown;
  polls: number;
  /** Removed from the queue with POST /queue {delete: [...]}. */
  deleted: boolean;
}

interface State {
  behaviour: StandInBehaviour;
  pollsBeforeDone: number;
  prompts: Map<string, ComfyUiStandInPrompt>;
  /** Saved files by name: what /view paints. */
  files: Map<string, { seed: number; width: number; height: number }>;
}

export async function startComfyUiStandIn(options: ComfyUiStandInOptions = {}): Promise<ComfyUiStandIn> {
  const state: State = {
    behaviour: options.behaviour ?? 'ok',
    pollsBeforeDone: options.pollsBeforeDone ?? 1,
    prompts: new Map(),
    files: new Map(),
  };
  const server = await listenStandIn(
    (request, response) => route(state, options.apiKey, request, response),
    () => state.behaviour,
  );
  return Object.assign(state, { url: server.origin, requests: server.requests, close: server.close });
}

async function route(state: State, apiKey: string | undefined, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  if (state.behaviour === 'unauthorized' || (apiKey !== undefined && !hasBearer(request, apiKey))) {
    return sendText(response, 401, '401: Unauthorized');
  }
  // ComfyUI serves every route under /api as well.
  const path = request.path.replace(/^\/api(?=\/)/, '');
  const history = /^\/history\/([^/]+)$/.exec(path);
  if (request.method === 'POST' && path === '/prompt') return queuePrompt(state, request, response);
  if (request.method === 'GET' && history) return sendJson(response, 200, historyFor(state, decodeURIComponent(history[1])));
  if (request.method === 'GET' && path === '/view') return view(state, request, response);
  if (request.method === 'GET' && path === '/system_stats') {
    return state.behaviour === 'fail' ? sendText(response, 500, '500 Internal Server Error') : sendJson(response, 200, systemStats());
  }
  if (request.method === 'POST' && path === '/queue') return editQueue(state, request, response);
  if (request.method === 'POST' && path === '/interrupt') return sendJson(response, 200, {});
  sendText(response, 404, '404: Not Found');
}

function queuePrompt(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const body = request.body as Record<string, unknown> | undefined;
  const problem = workflowProblem(body?.prompt);
  if (problem) {
    return sendJson(response, 400, {
      error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: problem, extra_info: {} },
      node_errors: {},
    });
  }
  const promptId = randomUUID();
  const number = state.prompts.size;
  state.prompts.set(promptId, {
    number,
    workflow: body?.prompt as ComfyUiStandInPrompt['workflow'],
    clientId: body?.client_id,
    polls: 0,
    deleted: false,
  });
  sendJson(response, 200, { prompt_id: promptId, number, node_errors: {} });
}

/** ComfyUI answers `{}` until a run ends, then `{[prompt_id]: {prompt, outputs, status}}`. */
function historyFor(state: State, promptId: string): Record<string, unknown> {
  const prompt = state.prompts.get(promptId);
  if (!prompt || prompt.deleted) return {};
  if (prompt.polls < state.pollsBeforeDone) {
    prompt.polls += 1;
    return {};
  }
  const started = ['execution_start', { prompt_id: promptId, timestamp: Date.now() }];
  const record = (outputs: unknown, status: unknown) => ({
    [promptId]: { prompt: [prompt.number, promptId, prompt.workflow, { client_id: prompt.clientId }, []], outputs, status },
  });
  if (state.behaviour === 'fail') {
    const failure = {
      prompt_id: promptId,
      node_id: '3',
      node_type: 'KSampler',
      executed: ['4', '5', '6', '7'],
      exception_message: 'CUDA out of memory. Tried to allocate 1.50 GiB\n',
      exception_type: 'torch.OutOfMemoryError',
      traceback: ['  File "execution.py", line 151, in recursive_execute\n'],
      current_inputs: {},
      current_outputs: {},
    };
    return record({}, { status_str: 'error', completed: false, messages: [started, ['execution_error', failure]] });
  }
  const filename = `atelier_${String(prompt.number + 1).padStart(5, '0')}_.png`;
  state.files.set(filename, settingsOf(prompt.workflow));
  const saveNode = Object.keys(prompt.workflow).find((id) => prompt.workflow[id].class_type === 'SaveImage') ?? '9';
  const outputs = { [saveNode]: { images: [{ filename, subfolder: '', type: 'output' }] } };
  const success = ['execution_success', { prompt_id: promptId, timestamp: Date.now() }];
  return record(outputs, { status_str: 'success', completed: true, messages: [started, success] });
}

async function view(state: State, request: RecordedRequest, response: http.ServerResponse): Promise<void> {
  const file = state.files.get(request.query.filename ?? '');
  if (!file || request.query.type !== 'output') return sendText(response, 404, '404: Not Found');
  if (state.behaviour === 'garbage') return sendBytes(response, GARBAGE_IMAGE);
  sendBytes(response, await solidPng(file.width, file.height, file.seed));
}

function editQueue(state: State, request: RecordedRequest, response: http.ServerResponse): void {
  const body = (request.body ?? {}) as { delete?: unknown; clear?: unknown };
  const doomed = Array.isArray(body.delete) ? body.delete : body.clear ? [...state.prompts.keys()] : [];
  for (const id of doomed) {
    const prompt = state.prompts.get(String(id));
    if (prompt) prompt.deleted = true;
  }
  sendJson(response, 200, {});
}

/** Why ComfyUI would refuse this workflow, or undefined when it would run it. */
function workflowProblem(workflow: unknown): string | undefined {
  if (typeof workflow !== 'object' || workflow === null || Array.isArray(workflow)) return 'prompt must be an object of nodes';
  for (const [id, node] of Object.entries(workflow)) {
    if (typeof node !== 'object' || node === null || typeof (node as { class_type?: unknown }).class_type !== 'string') {
      return `Node ${id} is missing the class_type property`;
    }
    const inputs = (node as { inputs?: unknown }).inputs ?? {};
    const unfilled = Object.entries(inputs as Record<string, unknown>).find(([, value]) => typeof value === 'string' && value.includes('{{'));
    if (unfilled) return `Failed to convert an input value to a valid value: ${unfilled[0]}, ${String(unfilled[1])}`;
  }
  return undefined;
}

function settingsOf(workflow: ComfyUiStandInPrompt['workflow']): { seed: number; width: number; height: number } {
  const nodes = Object.values(workflow);
  const sampler = nodes.find((node) => node.class_type === 'KSampler')?.inputs ?? {};
  const latent = nodes.find((node) => node.class_type === 'EmptyLatentImage')?.inputs ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return { seed: number(sampler.seed, 0), width: number(latent.width, 512), height: number(latent.height, 512) };
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
