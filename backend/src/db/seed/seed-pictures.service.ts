import type { Server } from 'node:http';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { eq } from 'drizzle-orm';
import { pendingPicturesFor, type DrawOutcome, type PictureBatch } from '../../modules/media/pending-pictures';
import type { Database } from '../database';
import { seedRuns } from '../schema/seed-runs.table';
import type { SeedContext, SeedStep } from './seeder';

/**
 * Queues the pictures of every step whose pictures are still pending on this database (it ran at
 * this start, or a start before was stopped while drawing). When all of a step's pictures are drawn
 * and recorded, the step is marked done and later starts no longer look at its files.
 */
export async function queueSeedPictures(db: Database, steps: readonly SeedStep[], context: SeedContext): Promise<PictureBatch> {
  const queue = pendingPicturesFor(context.dataDir);
  const pending = new Set(
    (await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.picturesPending, true))).map((row) => row.name),
  );
  const batches = await Promise.all(
    steps
      .filter((step) => step.pictures && pending.has(step.name))
      .map(async (step) => {
        const batch = queue.add(await step.pictures!(db, context));
        const finished = batch.finished.then(async (outcome) => {
          if (outcome.failed === 0) await db.update(seedRuns).set({ picturesPending: false }).where(eq(seedRuns.name, step.name));
          return outcome;
        });
        return { batch, finished };
      }),
  );
  return {
    size: batches.reduce((sum, { batch }) => sum + batch.size, 0),
    drawInBackground: () => batches.forEach(({ batch }) => batch.drawInBackground()),
    finished: Promise.all(batches.map(({ finished }) => finished)).then((outcomes) =>
      outcomes.reduce<DrawOutcome>((sum, { drawn, failed }) => ({ drawn: sum.drawn + drawn, failed: sum.failed + failed }), {
        drawn: 0,
        failed: 0,
      }),
    ),
  };
}

/**
 * The API process draws the seed's pending pictures once its HTTP server listens: the first answer
 * does not wait for them, and a request for one that is not drawn yet has it drawn first (see the
 * /assets handler). The worker serves no pictures and leaves them alone.
 */
export class SeedPicturesService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SeedPictures');
  /** Settles once this start's pictures are drawn or dropped and the outcome is recorded (never rejects). */
  private reported: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly steps: readonly SeedStep[],
    private readonly context: SeedContext,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** Before the server listens, so that no request for a pending picture can find it missing. */
  async onApplicationBootstrap(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    const batch = await queueSeedPictures(this.db, this.steps, this.context);
    const notRecorded = (error: Error) => this.logger.warn({ err: error }, 'Seed pictures drawn, but not recorded as done');
    // Nothing to draw (no step pending, or a start before drew all but was stopped before its mark): at most a mark to set.
    if (batch.size === 0) return batch.finished.then(() => undefined, notRecorded);
    this.logger.log(`${batch.size} seed pictures will be drawn once the server answers`);
    let started = 0;
    const begin = () => {
      started = performance.now();
      batch.drawInBackground();
    };
    if (server.listening) begin();
    else server.once('listening', begin);
    this.reported = batch.finished.then(
      ({ drawn, failed }) =>
        failed === 0
          ? this.logger.log(`Seed pictures drawn: ${drawn} in ${Math.round(performance.now() - started)} ms`)
          : this.logger.warn(`Seed pictures: ${drawn} drawn, ${failed} not; the next start tries those again`),
      notRecorded,
    );
  }

  /**
   * Before the database closes: the drawings under way finish and are recorded, the others wait for
   * the next start; if the last one just finished, the step is marked done first.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await pendingPicturesFor(this.context.dataDir).stop();
    await this.reported;
  }
}
