import { index, integer, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Every content list is shown in the owner's order: `position` (set by the admin API's reorder),
 * then creation time for rows that share one.
 */
export const orderColumns = () => ({
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export const orderIndex = (name: string, table: { position: PgColumn; createdAt: PgColumn }) =>
  index(name).on(table.position, table.createdAt);
