import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { FINISHED_JOB_STATUSES, type JobStatus } from '@atelier/contracts';
import { DATABASE } from '../../../db/database.module';
import type { Database } from '../../../db/database';
import { generationJobs, type GenerationJobRow } from '../../../db/schema/generation-jobs.table';

export type JobRow = GenerationJobRow;

const ACTIVE: JobStatus[] = ['IN_QUEUE', 'IN_PROGRESS'];
/** The advisory lock that makes the queue cap's count and the insert one step (db/migrate.ts has another). */
const QUEUE_CAP_LOCK_KEY = 7_210_431_886;
const now = sql`now()`;
/** What a running job shows of its render; cleared whenever it stops running. */
const noProgress = { progress: null, preview: null } as const;
const backInQueue = { status: 'IN_QUEUE', provider: null, workerId: null, seed: null, startedAt: null, heartbeatAt: null, ...noProgress } as const;

/** Every state change is a conditional update, so two runners (or a runner and a cancel) never both win. */
@Injectable()
export class JobsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A new queued job, unless `cap` jobs are already waiting or running (undefined then). The count
   * and the insert hold one transaction-scoped advisory lock, so starts in any process, at once,
   * never take the queue past its cap.
   */
  async insertWithinCap(values: { prompt: string; dreamMode?: string }, cap: number): Promise<JobRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CAP_LOCK_KEY})`);
      const [{ n }] = await tx.select({ n: count() }).from(generationJobs).where(inArray(generationJobs.status, ACTIVE));
      if (n >= cap) return undefined;
      const [row] = await tx.insert(generationJobs).values(values).returning();
      return row;
    });
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(generationJobs).where(eq(generationJobs.id, id));
    return row;
  }

  /** Newest first, optionally only those in one state. */
  async list(options: { status?: JobStatus; limit: number }): Promise<JobRow[]> {
    return this.db
      .select()
      .from(generationJobs)
      .where(options.status ? eq(generationJobs.status, options.status) : undefined)
      .orderBy(desc(generationJobs.createdAt), desc(generationJobs.id))
      .limit(options.limit);
  }

  /** How many jobs there are of each status that has any. */
  async countByStatus(): Promise<Array<{ status: JobStatus; n: number }>> {
    return (await this.db.select({ status: generationJobs.status, n: count() }).from(generationJobs).groupBy(generationJobs.status)) as Array<{
      status: JobStatus;
      n: number;
    }>;
  }

  /** Running jobs per GPU worker id. */
  async loadByWorker(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ workerId: generationJobs.workerId, n: count() })
      .from(generationJobs)
      .where(and(eq(generationJobs.status, 'IN_PROGRESS'), isNotNull(generationJobs.workerId)))
      .groupBy(generationJobs.workerId);
    return new Map(rows.map((row) => [row.workerId!, row.n]));
  }

  /** IN_QUEUE → IN_PROGRESS for the runner that gets there first; undefined for the others. */
  async claim(id: string, by: { provider: string; workerId: string; seed: number }): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(generationJobs)
      .set({ ...by, status: 'IN_PROGRESS', startedAt: now, heartbeatAt: now, attempts: sql`${generationJobs.attempts} + 1` })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'IN_QUEUE')))
      .returning();
    return row;
  }

  /** Touches the jobs still running; returns their ids, so the runner can stop work on the others (cancelled). */
  async heartbeat(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .update(generationJobs)
      .set({ heartbeatAt: now })
      .where(and(inArray(generationJobs.id, ids), eq(generationJobs.status, 'IN_PROGRESS')))
      .returning({ id: generationJobs.id });
    return rows.map((row) => row.id);
  }

  /** False when the job was no longer running (cancelled meanwhile): the caller drops its picture. */
  async complete(id: string, result: { seed: number; imageFile: string }): Promise<boolean> {
    const rows = await this.db
      .update(generationJobs)
      .set({ ...result, status: 'COMPLETED', finishedAt: now, heartbeatAt: null, ...noProgress })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'IN_PROGRESS')))
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  }

  /** Ends a waiting or running job as ERROR, CANCELLED or TIMED_OUT; false if it had already ended. */
  async finish(id: string, status: Exclude<JobStatus, 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED'>, error: string): Promise<boolean> {
    const rows = await this.db
      .update(generationJobs)
      .set({ status, error, finishedAt: now, heartbeatAt: null, ...noProgress })
      .where(and(eq(generationJobs.id, id), inArray(generationJobs.status, ACTIVE)))
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  }

  /**
   * What the worker says of a running job: how far it is, the picture so far, and (`rendering`) that
   * it left the worker's queue, from when its execution time counts.
   */
  async recordProgress(id: string, update: { progress?: number | null; preview?: string | null; rendering?: boolean }): Promise<void> {
    const { progress, preview, rendering } = update;
    await this.db
      .update(generationJobs)
      .set({
        ...(progress !== undefined ? { progress } : {}),
        ...(preview !== undefined ? { preview } : {}),
        ...(rendering ? { startedAt: now } : {}),
      })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'IN_PROGRESS')));
  }

  /** A runner that is shutting down hands its job back to the queue. */
  async putBack(id: string): Promise<boolean> {
    const rows = await this.db
      .update(generationJobs)
      .set(backInQueue)
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'IN_PROGRESS')))
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  }

  /**
   * Running jobs whose runner died (no heartbeat since `staleBefore`, or every running job when no
   * other process can be running one) go back to the queue; those interrupted `maxAttempts` times end
   * as ERROR instead, so a picture that crashes its runner cannot loop forever.
   */
  async recoverInterrupted(staleBefore: Date | 'all', maxAttempts: number): Promise<{ requeued: Pick<JobRow, 'id' | 'attempts'>[]; failed: string[] }> {
    const interrupted = and(
      eq(generationJobs.status, 'IN_PROGRESS'),
      staleBefore === 'all' ? undefined : or(lt(generationJobs.heartbeatAt, staleBefore), sql`${generationJobs.heartbeatAt} is null`),
    );
    const failed = await this.db
      .update(generationJobs)
      .set({
        status: 'ERROR',
        error: `The job was interrupted ${maxAttempts} times (its runner stopped each time); giving up`,
        finishedAt: now,
        heartbeatAt: null,
      })
      .where(and(interrupted, sql`${generationJobs.attempts} >= ${maxAttempts}`))
      .returning({ id: generationJobs.id });
    const requeued = await this.db
      .update(generationJobs)
      .set(backInQueue)
      .where(interrupted)
      .returning({ id: generationJobs.id, attempts: generationJobs.attempts });
    return { requeued, failed: failed.map((row) => row.id) };
  }

  async queued(): Promise<Pick<JobRow, 'id' | 'attempts'>[]> {
    return this.db
      .select({ id: generationJobs.id, attempts: generationJobs.attempts })
      .from(generationJobs)
      .where(eq(generationJobs.status, 'IN_QUEUE'))
      .orderBy(asc(generationJobs.createdAt));
  }

  /** Jobs that waited since before `createdBefore` without any runner taking them end as TIMED_OUT. */
  async timeOutQueued(createdBefore: Date, error: string): Promise<string[]> {
    const rows = await this.db
      .update(generationJobs)
      .set({ status: 'TIMED_OUT', error, finishedAt: now })
      .where(and(eq(generationJobs.status, 'IN_QUEUE'), lt(generationJobs.createdAt, createdBefore)))
      .returning({ id: generationJobs.id });
    return rows.map((row) => row.id);
  }

  /** Deletes jobs that finished before `finishedBefore`; returns how many, and their picture files to remove. */
  async deleteFinished(finishedBefore: Date): Promise<{ deleted: number; files: string[] }> {
    const rows = await this.db
      .delete(generationJobs)
      .where(and(inArray(generationJobs.status, [...FINISHED_JOB_STATUSES]), lt(generationJobs.finishedAt, finishedBefore)))
      .returning({ imageFile: generationJobs.imageFile });
    return { deleted: rows.length, files: rows.flatMap((row) => (row.imageFile ? [row.imageFile] : [])) };
  }
}
