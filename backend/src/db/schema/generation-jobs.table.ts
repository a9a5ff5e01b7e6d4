import { bigint, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (column: string) => timestamp(column, { withTimezone: true, precision: 3 });

/**
 * One Forge or Dream-o-matic job: the source of truth for its state, whatever queue carried it
 * (docs/decisions/0002-bullmq-with-in-process-fallback.md). The picture itself is a file under DATA_DIR; `image_file` names it.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The prompt rendered: the visitor's, or the curated one a dream mode picked. */
    prompt: text('prompt').notNull(),
    /** Set for Dream-o-matic jobs. */
    dreamMode: text('dream_mode'),
    status: text('status').notNull().default('IN_QUEUE'),
    /** `procedural`, `a1111`, `comfyui` or `runpod`, once a runner picked one. */
    provider: text('provider'),
    /** The registered GPU worker's id, or `procedural`. Not a reference: removing a worker keeps its history. */
    workerId: text('worker_id'),
    /** Unsigned 32-bit, so wider than `integer`. */
    seed: bigint('seed', { mode: 'number' }),
    /** Times a runner took the job; a job interrupted too often ends as ERROR instead of looping. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    imageFile: text('image_file'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    /** How far the render is (0..1), while the worker says; null otherwise. */
    progress: real('progress'),
    /** A small JPEG of the render so far, as a data: URL, while the worker sends one. */
    preview: text('preview'),
    /** Refreshed while a runner works on the job; a stale one means the runner died. */
    heartbeatAt: at('heartbeat_at'),
  },
  (table) => [
    index('generation_jobs_status_idx').on(table.status, table.createdAt),
    index('generation_jobs_finished_idx').on(table.finishedAt),
  ],
);

export type GenerationJobRow = typeof generationJobs.$inferSelect;
