import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { UsersRepository } from './users.repository';

const FLUSH_INTERVAL_MS = 1_000;

/**
 * Counts feed deliveries in memory and adds them to `users.impressions` about once a second.
 * Writing per feed request would make every reader update the same few authors' rows, which
 * serialises readers on row locks; one batched statement a second does not.
 */
@Injectable()
export class ImpressionsCounter implements OnModuleDestroy {
  private readonly logger = new Logger(ImpressionsCounter.name);
  private pending = new Map<string, number>();
  /** The write under way (settled when none is). */
  private writing: Promise<void> = Promise.resolve();
  /** The write that starts when the current one ends; every caller meanwhile waits for this one. */
  private queued?: Promise<void>;
  /** How many writes have taken a batch: a read that overlapped one cannot tell whether it saw it. */
  private writesStarted = 0;
  private readonly timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();

  constructor(private readonly users: UsersRepository) {}

  record(authorIds: Iterable<string>): void {
    for (const id of authorIds) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  /**
   * Reads `authorId`'s row with `read` and answers it with this process's deliveries of their posts
   * that the database does not hold yet, so a profile shows every delivery without waiting for a
   * write. A read that overlaps a batch being written is taken again once that write has ended.
   */
  async readWithUnwritten<T>(authorId: string, read: () => Promise<T>): Promise<{ value: T; unwritten: number }> {
    for (;;) {
      await this.writing; // batches already taken are in the database now, or back in `pending`
      const writes = this.writesStarted;
      const value = await read();
      if (writes === this.writesStarted) return { value, unwritten: this.pending.get(authorId) ?? 0 };
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

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writesStarted += 1;
    try {
      await this.users.addImpressions(batch);
    } catch (error) {
      // Counted again next time rather than lost; a deleted author's counts simply match no row.
      for (const [id, count] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + count);
      this.logger.warn({ err: error }, 'Could not write impression counts; retrying');
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
