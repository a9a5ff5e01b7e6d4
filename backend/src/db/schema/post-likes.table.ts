import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { postReference } from './posts.table';
import { memberReference } from './users.table';

export const postLikes = pgTable(
  'post_likes',
  {
    postId: postReference('post_id'),
    userId: memberReference('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] }), index('post_likes_user_idx').on(table.userId)],
);
