import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberReference } from './users.table';

/**
 * Feed pages walk (created_at, id) downwards from a cursor (a backward scan of these indexes), so a
 * page costs the same with a thousand posts or a million.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: memberReference('user_id'),
    description: text('description').notNull(),
    picturePath: text('picture_path'),
    // Millisecond precision, as JavaScript dates have: a cursor made from a row's date matches it exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('posts_feed_idx').on(table.createdAt, table.id),
    index('posts_author_feed_idx').on(table.userId, table.createdAt, table.id),
  ],
);

/** A column naming a post; its likes and comments go when the post does. */
export const postReference = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' });
