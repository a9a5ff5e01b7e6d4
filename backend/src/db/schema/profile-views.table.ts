import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberReference } from './users.table';

/** Who has opened whose profile; one row per pair, so `users.viewed_profile` counts distinct viewers. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewedId: memberReference('viewed_id'),
    viewerId: memberReference('viewer_id'),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.viewedId, table.viewerId] }), index('profile_views_viewer_idx').on(table.viewerId)],
);
