import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

export const careerHighlights = pgTable(
  'career_highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    role: text('role').notNull(),
    period: text('period').notNull(),
    summary: text('summary').notNull(),
    ...orderColumns(),
  },
  (table) => [orderIndex('career_highlights_order_idx', table)],
);
