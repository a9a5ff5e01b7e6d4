import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts.table';
import { users } from './users.table';

export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('post_comments_user_idx').on(table.userId),
  ],
);
