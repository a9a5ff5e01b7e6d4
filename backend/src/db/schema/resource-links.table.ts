import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

/** Developer resources. The format's label is not stored: it always follows the format code (`fmat`). */
export const resourceLinks = pgTable(
  'resource_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    channel: text('channel').notNull(),
    site: text('site').notNull(),
    url: text('url').notNull(),
    idu: text('idu').notNull(),
    note: text('note').notNull(),
    icon: text('icon').notNull(),
    fmat: text('fmat').notNull(),
    ...orderColumns(),
  },
  (table) => [orderIndex('resource_links_order_idx', table)],
);
