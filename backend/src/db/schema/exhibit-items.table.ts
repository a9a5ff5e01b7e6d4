import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

export const exhibitItems = pgTable(
  'exhibit_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    model: text('model').notNull(),
    picturePath: text('picture_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    ...orderColumns(),
  },
  (table) => [orderIndex('exhibit_items_order_idx', table)],
);
