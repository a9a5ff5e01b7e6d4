import { DREAM_MODES, JOB_STATUSES, PROMPT_MAX_LENGTH, WORKER_KINDS } from '@atelier/contracts';
import { z } from 'zod';
import { requiredText, uuidParam } from '../../common/validation/fields';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const startJobBody = z.strictObject({ prompt: requiredText(PROMPT_MAX_LENGTH) });
export type StartJobBody = z.infer<typeof startJobBody>;

export const startDreamBody = z.strictObject({
  mode: z.enum(DREAM_MODES, { error: (issue) => (issue.input === undefined ? 'required' : oneOf(DREAM_MODES)) }),
});
export type StartDreamBody = z.infer<typeof startDreamBody>;

/** Any text is looked up; only a UUID can name a job, so anything else is simply not found. */
export const isJobId = (id: string) => z.uuid().safeParse(id).success;

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

const workerFields = {
  name: requiredText(100),
  url: workerUrl,
  gpu: requiredText(100),
  apiKey: z.string({ error: 'must be text' }).min(1, 'must not be empty').max(4000, 'must be at most 4000 characters'),
  concurrency: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be between 1 and 64').max(64, 'must be between 1 and 64'),
};

export const registerWorkerBody = z.strictObject({
  ...workerFields,
  kind: z.enum(WORKER_KINDS, { error: (issue) => (issue.input === undefined ? 'required' : oneOf(WORKER_KINDS)) }),
  apiKey: workerFields.apiKey.optional(),
  concurrency: workerFields.concurrency.default(1),
  check: z.boolean({ error: 'must be true or false' }).default(true),
});
export type RegisterWorkerBody = z.infer<typeof registerWorkerBody>;

export const updateWorkerBody = z
  .strictObject({
    name: workerFields.name.optional(),
    url: workerFields.url.optional(),
    gpu: workerFields.gpu.optional(),
    // null removes stored credentials.
    apiKey: workerFields.apiKey.nullable().optional(),
    concurrency: workerFields.concurrency.optional(),
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
