import type { ProjectBlock, TechChip } from '@atelier/contracts';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

/** A block as the owner wrote it: a Markdown block's HTML is rendered when it is read. */
export type StoredProjectBlock = ProjectBlock extends infer Block ? (Block extends { kind: 'markdown' } ? Omit<Block, 'html'> : Block) : never;

/** A project page's content; its slug is the project's. */
export interface StoredProjectPage {
  title: string;
  subtitle: string;
  blocks: StoredProjectBlock[];
}

/** A project: its home-page card and Projects-list entry as columns, its page at /project/<slug> as a document. */
export const projects = pgTable(
  'projects',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    period: text('period').notNull(),
    role: text('role').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull(),
    bulletsLeft: jsonb('bullets_left').$type<string[]>().notNull(),
    bulletsRight: jsonb('bullets_right').$type<string[]>().notNull(),
    narrative: text('narrative').notNull(),
    chips: jsonb('chips').$type<TechChip[]>().notNull(),
    listTitle: text('list_title').notNull(),
    listAuthor: text('list_author').notNull(),
    featured: boolean('featured').notNull().default(true),
    page: jsonb('page').$type<StoredProjectPage>().notNull(),
    ...orderColumns(),
  },
  (table) => [orderIndex('projects_order_idx', table)],
);
