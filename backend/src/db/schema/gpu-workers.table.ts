import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A registered GPU worker (AUTOMATIC1111, ComfyUI or RunPod endpoint) that jobs may be sent to. */
export const gpuWorkers = pgTable('gpu_workers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  /** Sent to the worker only; no API answer includes it. */
  apiKey: text('api_key'),
  gpu: text('gpu').notNull(),
  concurrency: integer('concurrency').notNull().default(1),
  enabled: boolean('enabled').notNull().default(true),
  health: text('health').notNull().default('unknown'),
  healthError: text('health_error'),
  /** ComfyUI: the checkpoint the workflow loads (null: the first one installed). */
  checkpoint: text('checkpoint'),
  /** RunPod: the worker image the endpoint runs (RUNPOD_IMAGES). */
  runpodImage: text('runpod_image'),
  /** RunPod `custom`: the input template. */
  inputTemplate: jsonb('input_template').$type<Record<string, unknown>>(),
  /** The model the worker named when last checked. */
  model: text('model'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type GpuWorkerRow = typeof gpuWorkers.$inferSelect;
