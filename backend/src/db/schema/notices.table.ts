import { date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

/** Short site notices, such as the construction-area note with its date; each may hide after a day. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    dateLabel: text('date_label').notNull(),
    /** Its heading; null: "Under construction", as the demo's. */
    title: text('title'),
    /** The last day it shows (UTC); null: until removed. */
    hideAfter: date('hide_after', { mode: 'string' }),
    ...orderColumns(),
  },
  (table) => [orderIndex('notices_order_idx', table)],
);
