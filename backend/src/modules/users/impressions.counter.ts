import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { UsersRepository } from './users.repository';

const FLUSH_INTERVAL_MS = 1_000;

/** How many posts of each author a page holds: counted once per page, however often it is delivered. */
export type AuthorTally = ReadonlyMap<string, number>;

export function tallyOf(authorIds: Iterable<string>): AuthorTally {
  const tally = new Map<string, number>();
  for (const id of authorIds) tally.set(id, (tally.get(id) ?? 0) + 1);
  return tally;
}

/**
 * Counts feed deliveries in memory and adds them to `users.impressions` about once a second.
 * Writing per feed request would make every reader update the same few authors' rows, which
 * serialises readers on row locks; one batched statement a second does not. A delivery costs one
 * count of its page (the same cached page is delivered thousands of times a second); the page's
 * authors are added up when the batch is taken.
 */
@Injectable()
export class ImpressionsCounter implements OnModuleDestroy {
  private readonly logger = new Logger(ImpressionsCounter.name);
  /** Deliveries of each page since the last batch. */
  private pages = new Map<AuthorTally, number>();
  /** Posts readers were delivered of their own: not impressions, taken off their counts. */
  private own = new Map<string, number>();
  /** Counts a failed write gave back. */
  private retry = new Map<string, number>();
  /** The write under way (settled when none is). */
  private writing: Promise<void> = Promise.resolve();
  /** The write that starts when the current one ends; every caller meanwhile waits for this one. */
  private queued?: Promise<void>;
  /** How many writes have taken a batch: a read that overlapped one cannot tell whether it saw it. */
  private writesStarted = 0;
  private readonly timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();

  constructor(private readonly users: UsersRepository) {}

  /** One delivery of a page with these authors to `viewerId`, whose own posts do not count. */
  record(page: AuthorTally, viewerId?: string): void {
    this.pages.set(page, (this.pages.get(page) ?? 0) + 1);
    const own = viewerId === undefined ? undefined : page.get(viewerId);
    if (own) this.own.set(viewerId!, (this.own.get(viewerId!) ?? 0) + own);
  }

  /**
   * Reads `authorId`'s row with `read` and answers it with this process's deliveries of their posts
   * that the database does not hold yet, so a profile shows every delivery without waiting for a
   * write. A read that overlaps a batch being written is taken again once that write has ended.
   */
  async readWithUnwritten<T>(authorId: string, read: () => Promise<T>): Promise<{ value: T; unwritten: number }> {
    for (;;) {
      await this.writing; // batches already taken are in the database now, or back in `retry`
      const writes = this.writesStarted;
      const value = await read();
      if (writes === this.writesStarted) return { value, unwritten: this.unwritten(authorId) };
    }
  }

  /**
   * Resolves once everything counted before the call is written. Callers arriving while a write
   * runs share the next one (it takes all that is pending when it starts): one write per caller
   * would queue every profile read behind a line of UPDATEs on the same hot rows.
   */
  flush(): Promise<void> {
    this.queued ??= this.writing.then(() => {
      this.queued = undefined;
      this.writing = this.writePending();
      return this.writing;
    });
    return this.queued;
  }

  private unwritten(authorId: string): number {
    let count = (this.retry.get(authorId) ?? 0) - (this.own.get(authorId) ?? 0);
    for (const [page, deliveries] of this.pages) count += (page.get(authorId) ?? 0) * deliveries;
    return count;
  }

  /** Everything counted so far, per author, leaving nothing behind. */
  private takeBatch(): Map<string, number> {
    const batch = this.retry;
    for (const [page, deliveries] of this.pages) {
      for (const [authorId, posts] of page) batch.set(authorId, (batch.get(authorId) ?? 0) + posts * deliveries);
    }
    for (const [viewerId, posts] of this.own) {
      const count = (batch.get(viewerId) ?? 0) - posts;
      if (count > 0) batch.set(viewerId, count);
      else batch.delete(viewerId);
    }
    this.pages = new Map();
    this.own = new Map();
    this.retry = new Map();
    return batch;
  }

  private async writePending(): Promise<void> {
    const batch = this.takeBatch();
    if (batch.size === 0) return;
    this.writesStarted += 1;
    try {
      await this.users.addImpressions(batch);
    } catch (error) {
      // Counted again next time rather than lost; a deleted author's counts simply match no row.
      for (const [id, count] of batch) this.retry.set(id, (this.retry.get(id) ?? 0) + count);
      this.logger.warn({ err: error }, 'Could not write impression counts; retrying');
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
