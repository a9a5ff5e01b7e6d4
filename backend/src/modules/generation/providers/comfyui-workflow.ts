// The workflow Atelier queues on ComfyUI (and sends to RunPod's worker-comfyui): the built-in SD
// graph, or the owner's own API-format export (COMFYUI_WORKFLOW_FILE), filled in for each picture.
import * as fs from 'node:fs';
import { fillTemplate, type TemplateValues } from './input-template';
import { errorMessage, isRecord } from './provider-http';

/** A workflow in ComfyUI's API format: node id -> `{class_type, inputs}`. */
export type ComfyWorkflow = Readonly<Record<string, unknown>>;

/**
 * Plain txt2img, the graph ComfyUI's own API example builds. The checkpoint is the worker's
 * (`--checkpoint`), or the first one the server has installed: no file name suits every install.
 */
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
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{checkpoint}}' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, low quality, watermark, text', clip: ['4', 1] } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier', images: ['8', 0] } },
});

const PROMPT_PLACEHOLDER = /\{\{\s*prompt\s*\}\}/;
const CHECKPOINT_PLACEHOLDER = /\{\{\s*checkpoint\s*\}\}/;

/** The workflow for one picture. */
export function fillComfyWorkflow(workflow: ComfyWorkflow, values: TemplateValues): ComfyWorkflow {
  return fillTemplate(workflow, values) as ComfyWorkflow;
}

/** Whether the workflow takes the worker's checkpoint (`{{checkpoint}}`) rather than naming its own. */
export function usesCheckpointPlaceholder(workflow: ComfyWorkflow): boolean {
  return containsMatch(workflow, CHECKPOINT_PLACEHOLDER);
}

/** The checkpoint files a filled workflow loads (its CheckpointLoaderSimple nodes), to check they are installed. */
export function checkpointsLoadedBy(workflow: ComfyWorkflow): string[] {
  const names = Object.values(workflow).flatMap((node) => {
    if (!isRecord(node) || node.class_type !== 'CheckpointLoaderSimple' || !isRecord(node.inputs)) return [];
    return typeof node.inputs.ckpt_name === 'string' ? [node.inputs.ckpt_name] : [];
  });
  return [...new Set(names)];
}

/** Reads and checks a workflow template file; without a file, the built-in graph. */
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
  if (!containsMatch(value, PROMPT_PLACEHOLDER)) {
    throw new Error(`${source} has no "{{prompt}}" placeholder; put it in the positive prompt's text so prompts reach the picture`);
  }
  return value;
}

function containsMatch(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return pattern.test(value);
  if (Array.isArray(value)) return value.some((item) => containsMatch(item, pattern));
  if (isRecord(value)) return Object.values(value).some((item) => containsMatch(item, pattern));
  return false;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}
