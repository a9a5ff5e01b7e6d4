// ComfyUI: POST /prompt queues an API-format workflow and answers {prompt_id, number, node_errors};
// GET /history/{prompt_id} stays `{}` until the run ends, then holds {outputs, status}; the picture
// itself comes from GET /view?filename=&subfolder=&type=. A stopped job leaves ComfyUI's queue
// (POST /queue {delete}) when waiting, and is interrupted (POST /interrupt {prompt_id}) only when GET
// /queue shows it running: servers from before 2025 interrupt whatever runs, whatever the body says.
// (server.py: post_prompt, get_history, view_image, post_queue, post_interrupt, get_object_info)
import { randomUUID } from 'node:crypto';
import { checkComfyWorkflow, checkpointsLoadedBy, DEFAULT_COMFYUI_WORKFLOW, fillComfyWorkflow, usesCheckpointPlaceholder } from './comfyui-workflow';
import type { GeneratedImage, HealthReport, ImageProvider, ImageRequest, WorkerConnection } from './image-provider';
import { ProviderError } from './image-provider';
import type { MessageEvent, WebSocket } from 'undici';
import { WorkerHttp, bestEffort, cleanupSignal, isRecord, normaliseToPng, parseJson, pollUntil } from './provider-http';

export interface ComfyUiOptions {
  /** API-format template (see comfyui-workflow.ts); default DEFAULT_COMFYUI_WORKFLOW. */
  workflow?: unknown;
  /** How often to ask /history whether the run has ended (default 1000 ms). */
  pollIntervalMs?: number;
}

const HINTS = {
  unauthorized: "Check the worker's API key: ComfyUI has no login of its own, so this came from the proxy in front of it",
  notFound: 'Is this the ComfyUI server itself (default port 8188)?',
};

/** A ComfyUI server as an image provider; `apiKey`, when set, goes out as a bearer token. */
export function createComfyUiProvider(connection: WorkerConnection, options: ComfyUiOptions = {}): ImageProvider {
  const workflow = options.workflow === undefined ? DEFAULT_COMFYUI_WORKFLOW : checkComfyWorkflow(options.workflow);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const http = new WorkerHttp(connection, connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}, HINTS);

  /** The checkpoint files in ComfyUI/models/checkpoints, as the loader node offers them. */
  async function installedCheckpoints(signal: AbortSignal): Promise<string[]> {
    const info = await http.json('/object_info/CheckpointLoaderSimple', { signal });
    const names = checkpointChoices(info);
    if (!names) throw new ProviderError(`${http.label} answered /object_info/CheckpointLoaderSimple without a list of checkpoints`);
    return names;
  }

  /** The checkpoint for `{{checkpoint}}`: the worker's, or else the first one installed. */
  async function checkpointFor(signal: AbortSignal, installed?: string[]): Promise<string | undefined> {
    if (!usesCheckpointPlaceholder(workflow)) return undefined;
    if (connection.checkpoint) return connection.checkpoint;
    const [first] = installed ?? (await installedCheckpoints(signal));
    if (first === undefined) {
      throw new ProviderError(`${http.label} has no checkpoint installed: put one in ComfyUI/models/checkpoints`);
    }
    return first;
  }

  async function queuePrompt(request: ImageRequest, clientId: string): Promise<string> {
    const { prompt, seed, width, height, signal } = request;
    const checkpoint = await checkpointFor(signal);
    // Our own prompt_id, which servers since 2025 keep (server.py post_prompt: `json_data.get("prompt_id",
    // uuid.uuid4())`); older ones make one up, so from here on only the id ComfyUI answers is used, and a
    // job stopped before the answer is found in /queue by its client_id.
    const ownId = randomUUID();
    const body = { prompt: fillComfyWorkflow(workflow, { prompt, seed, width, height, checkpoint }), client_id: clientId, prompt_id: ownId };
    let answer: unknown;
    try {
      answer = await http.json('/prompt', { method: 'POST', body, signal });
    } catch (error) {
      if (signal.aborted) stop({ promptId: ownId, clientId });
      throw error;
    }
    const promptId = isRecord(answer) ? answer.prompt_id : undefined;
    if (typeof promptId !== 'string' || !promptId) {
      throw new ProviderError(`${http.label} accepted the workflow but answered no prompt_id`);
    }
    return promptId;
  }

  async function finishedImage(ours: OurPrompt, request: ImageRequest): Promise<ComfyImageRef | undefined> {
    const { promptId } = ours;
    const history = await http.json(`/history/${encodeURIComponent(promptId)}`, { signal: request.signal });
    const image = readHistoryEntry(isRecord(history) ? history[promptId] : undefined, http.label);
    if (image === undefined && request.report) {
      // Not done: GET /queue (server.py get_queue) says whether it waits or runs.
      const phase = queuePhase(await http.json('/queue', { signal: request.signal }), ours);
      if (phase) request.report({ phase });
    }
    return image;
  }

  /**
   * Frees the GPU of a run nobody waits for: out of the queue if pending, interrupted only if GET /queue
   * shows it running. Before 2025 server.py `post_interrupt` ignored its body and called
   * `nodes.interrupt_processing()`, stopping whatever ran: another job, another user's render.
   * Without an answer from /queue nothing is interrupted; a run left going beats someone else's killed.
   */
  function stop(ours: OurPrompt): void {
    bestEffort(async () => {
      const signal = cleanupSignal();
      const queue = await http.json('/queue', { signal }).catch(() => undefined);
      const found = findOurs(queue, ours);
      const pending = found.pending.length > 0 ? found.pending : queue === undefined ? [ours.promptId] : [];
      if (pending.length > 0) await http.call('/queue', { method: 'POST', body: { delete: pending }, signal });
      // Newer servers check the prompt_id again, which narrows the race with the run ending meanwhile.
      if (found.running) await http.call('/interrupt', { method: 'POST', body: { prompt_id: found.running }, signal });
    });
  }

  return {
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const clientId = randomUUID();
      const progress = request.report ? followProgress(http.openSocket('/ws', { clientId }), request.report) : undefined;
      let image: ComfyImageRef;
      try {
        const ours = { promptId: await queuePrompt(request, clientId), clientId };
        try {
          image = await pollUntil(() => finishedImage(ours, request), pollIntervalMs, request.signal);
        } catch (error) {
          if (!(error instanceof RunEnded)) stop(ours);
          throw error;
        }
      } finally {
        progress?.close();
      }
      const bytes = await http.bytes('/view', { query: { ...image }, signal: request.signal });
      // The seed went into the workflow, and ComfyUI does not report one back.
      return { png: await normaliseToPng(bytes, http.label), seed: request.seed };
    },

    async checkHealth(signal: AbortSignal): Promise<HealthReport> {
      const stats = await http.json('/system_stats', { signal });
      if (!isRecord(stats)) throw new ProviderError(`${http.label} answered /system_stats with an unexpected shape`);
      const installed = await installedCheckpoints(signal);
      const checkpoint = await checkpointFor(signal, installed);
      const filled = fillComfyWorkflow(workflow, { prompt: '', seed: 0, width: 512, height: 512, checkpoint });
      const needed = checkpointsLoadedBy(filled);
      const missing = needed.filter((name) => !installed.includes(name));
      if (missing.length > 0) {
        const has = installed.length > 0 ? `it has ${installed.map((name) => `'${name}'`).join(', ')}` : 'it has none';
        throw new ProviderError(
          `${http.label} has no checkpoint ${missing.map((name) => `'${name}'`).join(', ')} in ComfyUI/models/checkpoints; ${has}`,
        );
      }
      return { model: needed[0] };
    },
  };
}

/**
 * The choices of the loader's `ckpt_name` input (nodes.py CheckpointLoaderSimple.INPUT_TYPES):
 * `[[names...], {tooltip}]`, or the newer `["COMBO", {options: [names...]}]`.
 */
function checkpointChoices(info: unknown): string[] | undefined {
  const node = isRecord(info) ? info.CheckpointLoaderSimple : undefined;
  const input = isRecord(node) && isRecord(node.input) && isRecord(node.input.required) ? node.input.required.ckpt_name : undefined;
  if (!Array.isArray(input)) return undefined;
  const [first, second] = input as unknown[];
  const names = Array.isArray(first) ? first : first === 'COMBO' && isRecord(second) ? second.options : undefined;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : undefined;
}

/** protocol.py BinaryEventTypes.PREVIEW_IMAGE, and the formats it carries (1 JPEG, 2 PNG). */
const PREVIEW_IMAGE = 1;
const PREVIEW_FORMATS = new Set([1, 2]);

/**
 * Follows what ComfyUI sends our client over /ws (server.py websocket_handler; main.py
 * hijack_progress): `execution_start`, `progress` {value, max} of the sampler, and binary preview
 * frames `[u32 event][u32 format][image]` when the server runs with --preview-method. Everything on
 * this socket is ours: ComfyUI sends a prompt's events to the client that queued it. Without the
 * socket (a proxy that refuses upgrades) the job runs all the same, without progress.
 */
function followProgress(socket: WebSocket, report: NonNullable<ImageRequest['report']>): { close(): void } {
  socket.binaryType = 'arraybuffer';
  let progress: number | undefined;
  socket.addEventListener('message', (event: MessageEvent) => {
    if (event.data instanceof ArrayBuffer) {
      const frame = Buffer.from(event.data);
      if (frame.length > 8 && frame.readUInt32BE(0) === PREVIEW_IMAGE && PREVIEW_FORMATS.has(frame.readUInt32BE(4))) {
        report({ phase: 'rendering', progress, preview: frame.subarray(8) });
      }
      return;
    }
    const message = typeof event.data === 'string' ? parseJson(event.data) : undefined;
    if (!isRecord(message) || !isRecord(message.data)) return;
    const { value, max } = message.data;
    if (message.type === 'execution_start') report({ phase: 'rendering' });
    if (message.type === 'progress' && typeof value === 'number' && typeof max === 'number' && max > 0) {
      progress = Math.min(1, Math.max(0, value / max));
      report({ phase: 'rendering', progress });
    }
  });
  socket.addEventListener('error', () => undefined); // progress is a courtesy; the polls carry the job
  return { close: () => socket.close() };
}

/** A prompt we queued: by the id ComfyUI gave it, or (unanswered) by our client_id in its extra_data. */
interface OurPrompt {
  promptId: string;
  clientId: string;
}

/** Our prompts in GET /queue (server.py get_queue): `[number, prompt_id, prompt, extra_data, outputs]` items. */
function findOurs(queue: unknown, ours: OurPrompt): { running?: string; pending: string[] } {
  const idsOf = (items: unknown): string[] =>
    (Array.isArray(items) ? (items as unknown[]) : [])
      .filter((item): item is unknown[] => Array.isArray(item) && typeof item[1] === 'string')
      .filter(([, id, , extra]) => id === ours.promptId || (isRecord(extra) && extra.client_id === ours.clientId))
      .map((item) => item[1] as string);
  if (!isRecord(queue)) return { pending: [] };
  return { running: idsOf(queue.queue_running)[0], pending: idsOf(queue.queue_pending) };
}

/** Where the queue holds our prompt. */
function queuePhase(queue: unknown, ours: OurPrompt): 'queued' | 'rendering' | undefined {
  const found = findOurs(queue, ours);
  if (found.running) return 'rendering';
  return found.pending.length > 0 ? 'queued' : undefined;
}

/** The run ended on ComfyUI's side (failed there): nothing left to stop. */
class RunEnded extends ProviderError {}

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
  if (failure) throw new RunEnded(`${label} failed to run the workflow: ${failure}`);
  const image = firstOutputImage(entry.outputs);
  if (image) return image;
  // ComfyUI records an entry when the run ends; an entry that says it has not completed is still going.
  if (isRecord(entry.status) && entry.status.completed === false) return undefined;
  throw new RunEnded(`${label} finished the workflow without an output image; does it end in a SaveImage node?`);
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
