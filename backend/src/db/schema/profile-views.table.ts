import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/** Who has opened whose profile; one row per pair, so `users.viewed_profile` counts distinct viewers. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewedId: uuid('viewed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.viewedId, table.viewerId] }), index('profile_views_viewer_idx').on(table.viewerId)],
);
