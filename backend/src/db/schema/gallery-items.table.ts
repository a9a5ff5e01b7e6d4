import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    img: text('img').notNull(),
    thumb: text('thumb').notNull(),
    /** The model that made the picture. */
    title: text('title').notNull(),
    author: text('author').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A video's file (WebM or MP4 under /assets); `img` is then its poster. Null for a picture. */
    video: text('video'),
    /** Hash of the picture's bytes: importing the same picture twice is refused (unique; nulls allowed). */
    contentHash: text('content_hash').unique(),
    ...orderColumns(),
  },
  (table) => [orderIndex('gallery_items_order_idx', table)],
);
