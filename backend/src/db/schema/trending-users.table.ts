import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderColumns, orderIndex } from './content-order';

/** The trending-users widget's fictional people (spec: hard-coded, not Matrix Network members). */
export const trendingUsers = pgTable(
  'trending_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    picturePath: text('picture_path').notNull(),
    location: text('location').notNull(),
    ...orderColumns(),
  },
  (table) => [orderIndex('trending_users_order_idx', table)],
);
