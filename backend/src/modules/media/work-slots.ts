import { AppError } from '../../common/errors/app-error';

/**
 * At most `limit` tasks at a time; at most `maxWaiting` more wait, the rest are refused at once with
 * a 503 saying `busyMessage`. Bounds the memory and cores that sharp work takes under a burst. A task
 * whose `signal` aborts while it waits leaves the queue (rejecting with the signal's reason) and never runs.
 */
export class WorkSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('SERVICE_UNAVAILABLE', this.busyMessage);
      await this.turn(signal); // the finishing task hands its slot over
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(handOver), 1);
        reject(signal?.reason);
      };
      const handOver = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      this.waiting.push(handOver);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
