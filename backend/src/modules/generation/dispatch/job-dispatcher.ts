/**
 * Carries job ids from whoever creates or requeues a job to whatever runs it: an in-process queue by
 * default, BullMQ on Redis when REDIS_URL is set. Delivery may repeat; the runner's claim in the
 * database makes sure each job runs once.
 */
export interface DeliveryOptions {
  attempt?: number;
  delayMs?: number;
  fresh?: boolean;
}

export abstract class JobDispatcher {
  abstract readonly name: 'in-process' | 'bullmq';

  /**
   * `attempt` tells repeated deliveries of a requeued job apart; `delayMs` holds it back a while;
   * `fresh` delivers it again even if an earlier delivery is still in the queue (that one may be held
   * by a consumer that died with it).
   */
  abstract enqueue(jobId: string, options?: DeliveryOptions): Promise<void>;

  /** Whether a job handed over now would reach the queue; false while Redis is down. */
  abstract available(): boolean;

  /** Calls `listener` each time the queue's connection comes back after being lost. */
  abstract onReconnect(listener: () => void): void;
}

/** Thrown by `enqueue` while the queue is unreachable; the job stays queued in the database. */
export class QueueUnavailableError extends Error {
  constructor() {
    super('the job queue (Redis) does not answer');
    this.name = 'QueueUnavailableError';
  }
}

/** When every usable GPU worker is full, a job is offered again after this long. */
export const BUSY_RETRY_MS = 500;
