import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which seed steps have run on this database. A step runs once per database, so demo content the
 * owner deleted does not come back on the next start.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The step's rows name pictures that are drawn after the server answers (see seed-pictures.ts);
   * true until every one is on disk, so a start that was stopped mid-way draws the rest. Steps that
   * ran before pictures were drawn later had theirs already: false.
   */
  picturesPending: boolean('pictures_pending').notNull().default(false),
});
