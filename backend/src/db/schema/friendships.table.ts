import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberReference } from './users.table';

/** Friendship is mutual: each one is stored as two rows, one per direction, added and removed together. */
export const friendships = pgTable(
  'friendships',
  {
    userId: memberReference('user_id'),
    friendId: memberReference('friend_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.friendId] }), index('friendships_friend_idx').on(table.friendId)],
);
