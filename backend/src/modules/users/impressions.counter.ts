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
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();

  constructor(private readonly users: UsersRepository) {}

  record(authorIds: Iterable<string>): void {
    for (const id of authorIds) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  /** Writes what has been counted so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await this.users.addImpressions(batch);
      } catch (error) {
        // Counted again next time rather than lost; a deleted author's counts simply match no row.
        for (const [id, count] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + count);
        this.logger.warn({ err: error }, 'Could not write impression counts; retrying');
      }
    });
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
