import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which seed steps have run on this database. A step runs once per database, so demo content the
 * owner deleted does not come back on the next start.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
