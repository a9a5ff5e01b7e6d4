import { DREAM_MODES, JOB_STATUSES, PROMPT_MAX_LENGTH, RUNPOD_IMAGES, WORKER_KINDS, type RunpodImage } from '@atelier/contracts';
import { z } from 'zod';
import { requiredText, uuidParam } from '../../common/validation/fields';
import { TEMPLATE_PLACEHOLDERS, templatePlaceholders } from './providers/input-template';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const startJobBody = z.strictObject({ prompt: requiredText(PROMPT_MAX_LENGTH) });
export type StartJobBody = z.infer<typeof startJobBody>;

export const startDreamBody = z.strictObject({
  mode: z.enum(DREAM_MODES, { error: (issue) => (issue.input === undefined ? 'required' : oneOf(DREAM_MODES)) }),
});
export type StartDreamBody = z.infer<typeof startDreamBody>;

/** Only a UUID can name a job; any text is looked up, and anything else is simply not found (404, not 400). */
export const jobIdParams = z.object({ id: z.uuid() });
export const isJobId = (id: string) => jobIdParams.shape.id.safeParse(id).success;

// Registered workers ---------------------------------------------------------------------------------

export const workerParams = z.strictObject({ id: uuidParam('a worker') });

const workerUrl = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials (give those as apiKey)')
  .transform((value) => value.replace(/\/+$/, ''));

/** Largest custom RunPod input template, as JSON. */
const INPUT_TEMPLATE_MAX_BYTES = 64 * 1024;

const workerFields = {
  name: requiredText(100),
  url: workerUrl,
  gpu: requiredText(100),
  apiKey: z.string({ error: 'must be text' }).min(1, 'must not be empty').max(4000, 'must be at most 4000 characters'),
  concurrency: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be between 1 and 64').max(64, 'must be between 1 and 64'),
  // A file name as ComfyUI lists it, subfolder included (`SDXL/sd_xl_base_1.0.safetensors`).
  checkpoint: requiredText(500),
  runpodImage: z.enum(RUNPOD_IMAGES, { error: oneOf(RUNPOD_IMAGES) }),
  inputTemplate: z
    .record(z.string(), z.unknown(), { error: 'must be a JSON object: the input RunPod passes to the handler' })
    .superRefine((template, context) => {
      const problem = inputTemplateProblem(template);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
};

function inputTemplateProblem(template: Record<string, unknown>): string | undefined {
  if (JSON.stringify(template).length > INPUT_TEMPLATE_MAX_BYTES) return `must be at most ${INPUT_TEMPLATE_MAX_BYTES} bytes as JSON`;
  const used = templatePlaceholders(template);
  const unknown = used.filter((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) return `knows only ${TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}, not {{${unknown[0]}}}`;
  if (!used.includes('prompt')) return 'must contain {{prompt}} where the prompt goes';
  return undefined;
}

/** The settings whose sense depends on the kind (and RunPod image) of worker. */
export interface WorkerSettingsFields {
  kind: string;
  checkpoint?: string | null;
  runpodImage?: RunpodImage | string | null;
  inputTemplate?: Record<string, unknown> | null;
}

/** What does not fit together, by field: checked on registration, and on every change against the stored worker. */
export function workerSettingsProblems({ kind, checkpoint, runpodImage, inputTemplate }: WorkerSettingsFields): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  if (kind !== 'runpod') {
    if (runpodImage) problems.push({ field: 'runpodImage', message: 'is for RunPod workers only' });
    if (inputTemplate) problems.push({ field: 'inputTemplate', message: 'is for RunPod workers only' });
    if (kind === 'a1111' && checkpoint) {
      problems.push({ field: 'checkpoint', message: 'is for ComfyUI: an AUTOMATIC1111 web UI renders with the model loaded in it' });
    }
    return problems;
  }
  if (runpodImage === 'custom' && !inputTemplate) problems.push({ field: 'inputTemplate', message: 'is required with runpodImage custom' });
  if (runpodImage !== 'custom' && inputTemplate) problems.push({ field: 'inputTemplate', message: 'is only used with runpodImage custom' });
  if (runpodImage === 'comfyui' && !checkpoint) {
    problems.push({ field: 'checkpoint', message: 'is required with runpodImage comfyui: the checkpoint file in the image, e.g. sd_xl_base_1.0.safetensors' });
  }
  if (runpodImage !== 'comfyui' && checkpoint) problems.push({ field: 'checkpoint', message: 'is only used with runpodImage comfyui' });
  return problems;
}

export const registerWorkerBody = z
  .strictObject({
    ...workerFields,
    kind: z.enum(WORKER_KINDS, { error: (issue) => (issue.input === undefined ? 'required' : oneOf(WORKER_KINDS)) }),
    apiKey: workerFields.apiKey.optional(),
    concurrency: workerFields.concurrency.default(1),
    checkpoint: workerFields.checkpoint.optional(),
    runpodImage: workerFields.runpodImage.optional(),
    inputTemplate: workerFields.inputTemplate.optional(),
    check: z.boolean({ error: 'must be true or false' }).default(true),
  })
  // sd-v1's input (prompt, seed, width, height) is also what sdxl and a1111 accept.
  .transform((body) => (body.kind === 'runpod' ? { ...body, runpodImage: body.runpodImage ?? 'sd-v1' } : body))
  .superRefine((body, context) => {
    for (const { field, message } of workerSettingsProblems(body)) context.addIssue({ code: 'custom', path: [field], message });
  });
export type RegisterWorkerBody = z.infer<typeof registerWorkerBody>;

export const updateWorkerBody = z
  .strictObject({
    name: workerFields.name.optional(),
    url: workerFields.url.optional(),
    gpu: workerFields.gpu.optional(),
    // null removes stored credentials, or the checkpoint (then the first one installed is used).
    apiKey: workerFields.apiKey.nullable().optional(),
    concurrency: workerFields.concurrency.optional(),
    checkpoint: workerFields.checkpoint.nullable().optional(),
    runpodImage: workerFields.runpodImage.optional(),
    inputTemplate: workerFields.inputTemplate.nullable().optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' });
export type UpdateWorkerBody = z.infer<typeof updateWorkerBody>;

// The owner's job management -------------------------------------------------------------------------

export const ADMIN_JOB_LIST_DEFAULT = 50;
export const ADMIN_JOB_LIST_MAX = 500;
/** Ten years: more than any job can be old, small enough to stay a valid date. */
const PURGE_MAX_MINUTES = 10 * 366 * 24 * 60;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

export const listJobsQuery = z.strictObject({
  status: z.enum(JOB_STATUSES, { error: oneOf(JOB_STATUSES) }).optional(),
  // Query values arrive as text; only digits count as a number.
  limit: z
    .string({ error: 'must be a whole number' })
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(wholeNumber(1, ADMIN_JOB_LIST_MAX))
    .default(ADMIN_JOB_LIST_DEFAULT),
});
export type ListJobsQuery = z.infer<typeof listJobsQuery>;

// 0 is allowed: every finished job, whenever it finished.
export const purgeJobsBody = z.strictObject({ olderThanMinutes: wholeNumber(0, PURGE_MAX_MINUTES) });
export type PurgeJobsBody = z.infer<typeof purgeJobsBody>;
