import { pgTable, text } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

/** Sponsored GPU cards; each also has a feature page at /feature/<slug>. */
export const gpuAds = pgTable(
  'gpu_ads',
  {
    slug: text('slug').primaryKey(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull(),
    title: text('title').notNull(),
    domain: text('domain').notNull(),
    tagline: text('tagline').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull(),
    /** The feature page's own title and description; the card's title and tagline when null. */
    pageTitle: text('page_title'),
    pageDescription: text('page_description'),
    ...orderColumns(),
  },
  (table) => [orderIndex('gpu_ads_order_idx', table)],
);
