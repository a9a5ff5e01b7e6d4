import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { postReference } from './posts.table';
import { memberReference } from './users.table';

export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: postReference('post_id'),
    userId: memberReference('user_id'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('post_comments_user_idx').on(table.userId),
  ],
);
