import type { PendingPicture } from '../../modules/media/pending-pictures';
import type { Database } from '../database';
import { seedRuns } from '../schema/seed-runs.table';

/** What seed steps may use besides the database: where uploaded and generated files live. */
export interface SeedContext {
  dataDir: string;
}

/** One named piece of first-start data; it runs once per database, inside a transaction. */
export interface SeedStep {
  name: string;
  run(tx: Database, context: SeedContext): Promise<void>;
  /**
   * The pictures the step's rows name that are not on disk yet. Drawing sixty pictures inside the
   * step took half of a first start: a step with pictures writes its rows only, and these are drawn
   * after the server answers (seed-pictures.ts), asked again at each start until all are drawn.
   */
  pictures?(db: Database, context: SeedContext): Promise<PendingPicture[]>;
}

export interface SeedReport {
  ran: string[];
  skipped: string[];
}

/**
 * Runs each step that has not yet run on this database. Claiming the step's row and running it
 * share one transaction: a failing step leaves nothing behind and is tried again next start, and
 * a second process starting at the same time waits on the row and then skips the step.
 */
export async function runSeeds(db: Database, steps: readonly SeedStep[], context: SeedContext): Promise<SeedReport> {
  const report: SeedReport = { ran: [], skipped: [] };
  for (const step of steps) {
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: step.name, picturesPending: step.pictures !== undefined })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return false;
      await step.run(tx as unknown as Database, context);
      return true;
    });
    (ran ? report.ran : report.skipped).push(step.name);
  }
  return report;
}
