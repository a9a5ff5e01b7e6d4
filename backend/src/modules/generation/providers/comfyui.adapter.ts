// ComfyUI: POST /prompt queues an API-format workflow and answers {prompt_id, number, node_errors};
// GET /history/{prompt_id} stays `{}` until the run ends, then holds {outputs, status}; the picture
// itself comes from GET /view?filename=&subfolder=&type=.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { GeneratedImage, ImageProvider, ImageRequest, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import { WorkerHttp, bestEffort, cleanupSignal, errorMessage, isRecord, normaliseToPng, pollUntil } from './provider-http';

/** A workflow in ComfyUI's API format: node id -> `{class_type, inputs}`. */
export type ComfyWorkflow = Readonly<Record<string, unknown>>;

/** The values a workflow template receives for each picture. */
export interface ComfyWorkflowValues {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

export interface ComfyUiOptions {
  /** API-format template with `{{prompt}}`, `{{seed}}`, `{{width}}`, `{{height}}`; default DEFAULT_COMFYUI_WORKFLOW. */
  workflow?: unknown;
  /** How often to ask /history whether the run has ended (default 1000 ms). */
  pollIntervalMs?: number;
}

/** Plain SD 1.5 txt2img, the graph ComfyUI's own API example builds; the checkpoint ships with most installs. */
export const DEFAULT_COMFYUI_WORKFLOW: ComfyWorkflow = deepFreeze({
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: '{{seed}}',
      steps: 20,
      cfg: 7,
      sampler_name: 'euler_ancestral',
      scheduler: 'normal',
      denoise: 1,
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, low quality, watermark, text', clip: ['4', 1] } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier', images: ['8', 0] } },
});

const HINTS = {
  unauthorized: "Check the worker's API key: ComfyUI has no login of its own, so this came from the proxy in front of it",
  notFound: 'Is this the ComfyUI server itself (default port 8188)?',
};

const PLACEHOLDER = /\{\{\s*(prompt|seed|width|height)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*(prompt|seed|width|height)\s*\}\}$/;
const PROMPT_PLACEHOLDER = /\{\{\s*prompt\s*\}\}/;

/**
 * Fills a template by walking the parsed JSON (never by editing JSON text, so a prompt full of
 * quotes stays one string). A value that is exactly `"{{seed}}"`, `"{{width}}"` or `"{{height}}"`
 * becomes that number; placeholders inside longer strings are replaced as text.
 */
export function fillComfyWorkflow(template: unknown, values: ComfyWorkflowValues): unknown {
  if (typeof template === 'string') return fillString(template, values);
  if (Array.isArray(template)) return template.map((item) => fillComfyWorkflow(item, values));
  if (isRecord(template)) {
    // fromEntries defines keys, so a `__proto__` key in a template stays a plain key.
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillComfyWorkflow(value, values)]));
  }
  return template;
}

/** Reads and checks a workflow template file; without a file, the default SD 1.5 graph. */
export function loadComfyWorkflow(file?: string): ComfyWorkflow {
  if (!file) return DEFAULT_COMFYUI_WORKFLOW;
  const source = `ComfyUI workflow file ${file}`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${source} could not be read: ${errorMessage(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${errorMessage(error)}`);
  }
  return checkComfyWorkflow(parsed, source);
}

/** Throws an Error naming `source` unless the value can serve as a workflow template. */
export function checkComfyWorkflow(value: unknown, source = 'The ComfyUI workflow template'): ComfyWorkflow {
  if (!isRecord(value)) {
    throw new Error(`${source} must be a JSON object of nodes in ComfyUI's API format ({"3": {"class_type": ..., "inputs": ...}})`);
  }
  if (Array.isArray(value.nodes)) {
    throw new Error(`${source} is a UI-format workflow; export it from ComfyUI with "Export (API)" instead`);
  }
  if (!containsPromptPlaceholder(value)) {
    throw new Error(`${source} has no "{{prompt}}" placeholder; put it in the positive prompt's text so prompts reach the picture`);
  }
  return value;
}

/** A ComfyUI server as an image provider; `apiKey`, when set, goes out as a bearer token. */
export function createComfyUiProvider(connection: WorkerConnection, options: ComfyUiOptions = {}): ImageProvider {
  const workflow = options.workflow === undefined ? DEFAULT_COMFYUI_WORKFLOW : checkComfyWorkflow(options.workflow);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const http = new WorkerHttp(connection, connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}, HINTS);

  async function queuePrompt(request: ImageRequest): Promise<string> {
    const { prompt, seed, width, height, signal } = request;
    const body = { prompt: fillComfyWorkflow(workflow, { prompt, seed, width, height }), client_id: randomUUID() };
    const answer = await http.json('/prompt', { method: 'POST', body, signal });
    const promptId = isRecord(answer) ? answer.prompt_id : undefined;
    if (typeof promptId !== 'string' || !promptId) {
      throw new ProviderError(`${http.label} accepted the workflow but answered no prompt_id`);
    }
    return promptId;
  }

  async function finishedImage(promptId: string, signal: AbortSignal): Promise<ComfyImageRef | undefined> {
    const history = await http.json(`/history/${encodeURIComponent(promptId)}`, { signal });
    return readHistoryEntry(isRecord(history) ? history[promptId] : undefined, http.label);
  }

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const promptId = await queuePrompt(request);
      let image: ComfyImageRef;
      try {
        image = await pollUntil(() => finishedImage(promptId, request.signal), pollIntervalMs, request.signal);
      } catch (error) {
        // Free the GPU box's queue; a run already on the GPU finishes on its own.
        if (request.signal.aborted) {
          bestEffort(() => http.json('/queue', { method: 'POST', body: { delete: [promptId] }, signal: cleanupSignal() }));
        }
        throw error;
      }
      const bytes = await http.bytes('/view', { query: { ...image }, signal: request.signal });
      // The seed went into the workflow, and ComfyUI does not report one back.
      return { png: await normaliseToPng(bytes, http.label), seed: request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<void> {
      const answer = await http.json('/system_stats', { signal });
      if (!isRecord(answer)) throw new ProviderError(`${http.label} answered /system_stats with an unexpected shape`);
    },
  };
}

interface ComfyImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

/**
 * What one /history entry says: undefined while the run goes on, the first output image once it
 * succeeded, a ProviderError with ComfyUI's own message once it failed.
 */
function readHistoryEntry(entry: unknown, label: string): ComfyImageRef | undefined {
  if (!isRecord(entry)) return undefined;
  const failure = executionFailure(entry.status);
  if (failure) throw new ProviderError(`${label} failed to run the workflow: ${failure}`);
  const image = firstOutputImage(entry.outputs);
  if (image) return image;
  // ComfyUI records an entry when the run ends; an entry that says it has not completed is still going.
  if (isRecord(entry.status) && entry.status.completed === false) return undefined;
  throw new ProviderError(`${label} finished the workflow without an output image; does it end in a SaveImage node?`);
}

/** ComfyUI's reason for a failed run, from `status.messages` (`[event, data]` pairs). */
function executionFailure(status: unknown): string | undefined {
  if (!isRecord(status) || status.status_str !== 'error') return undefined;
  const messages = Array.isArray(status.messages) ? (status.messages as unknown[]) : [];
  for (const message of messages) {
    if (!Array.isArray(message)) continue;
    const [event, data] = message as [unknown, unknown];
    if (event === 'execution_error' && isRecord(data)) {
      const where = typeof data.node_type === 'string' ? `${data.node_type} (node ${String(data.node_id)})` : `node ${String(data.node_id)}`;
      return `${where}: ${String(data.exception_message ?? 'no message').trim()}`;
    }
    if (event === 'execution_interrupted') return 'the run was interrupted on the ComfyUI side';
  }
  return 'ComfyUI reported an error without details';
}

/** The first saved image of the run; previews (`type: temp`) only when nothing was saved. */
function firstOutputImage(outputs: unknown): ComfyImageRef | undefined {
  if (!isRecord(outputs)) return undefined;
  const images: ComfyImageRef[] = [];
  for (const output of Object.values(outputs)) {
    if (!isRecord(output) || !Array.isArray(output.images)) continue;
    for (const image of output.images as unknown[]) {
      if (isRecord(image) && typeof image.filename === 'string' && image.filename) {
        images.push({
          filename: image.filename,
          subfolder: typeof image.subfolder === 'string' ? image.subfolder : '',
          type: typeof image.type === 'string' ? image.type : 'output',
        });
      }
    }
  }
  return images.find((image) => image.type === 'output') ?? images[0];
}

function fillString(text: string, values: ComfyWorkflowValues): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole) return values[whole[1] as keyof ComfyWorkflowValues];
  // A replacer function, so `$&` and friends in a prompt stay literal text.
  return text.replace(PLACEHOLDER, (_match, name: string) => String(values[name as keyof ComfyWorkflowValues]));
}

function containsPromptPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return PROMPT_PLACEHOLDER.test(value);
  if (Array.isArray(value)) return value.some(containsPromptPlaceholder);
  if (isRecord(value)) return Object.values(value).some(containsPromptPlaceholder);
  return false;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}
