import type { ExamplePage } from '@atelier/contracts';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The example pictures the Forge and Dream pages show before a first result: one row per page and
 * position (EXAMPLE_IMAGE_COUNTS), seeded with Atelier's own drawings, replaced by the owner
 * (`atelier examples set`). Each says what made it; the page's note names that model.
 */
export const generationExamples = pgTable(
  'generation_examples',
  {
    page: text('page').$type<ExamplePage>().notNull(),
    /** From 1. */
    position: integer('position').notNull(),
    /** The prompt it was made from; null when the owner did not say. */
    prompt: text('prompt'),
    model: text('model').notNull(),
    /** Site path of the picture (`/assets/examples/...`). */
    picture: text('picture').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored picture; null while a built-in one is not drawn yet. */
    contentHash: text('content_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.page, table.position] })],
);

export type GenerationExampleRow = typeof generationExamples.$inferSelect;
