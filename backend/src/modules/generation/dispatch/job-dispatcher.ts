/**
 * Carries job ids from whoever creates or requeues a job to whatever runs it: an in-process queue by
 * default, BullMQ on Redis when REDIS_URL is set. Delivery may repeat; the runner's claim in the
 * database makes sure each job runs once.
 */
export abstract class JobDispatcher {
  abstract readonly name: 'in-process' | 'bullmq';

  /** `attempt` tells repeated deliveries of a requeued job apart; `delayMs` holds it back a while. */
  abstract enqueue(jobId: string, options?: { attempt?: number; delayMs?: number }): Promise<void>;
}

/** When every usable GPU worker is full, a job is offered again after this long. */
export const BUSY_RETRY_MS = 500;
