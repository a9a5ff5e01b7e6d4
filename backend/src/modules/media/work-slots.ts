import { AppError } from '../../common/errors/app-error';

/**
 * At most `limit` tasks at a time; at most `maxWaiting` more wait, the rest are refused at once with
 * a 503 saying `busyMessage`. Bounds the memory and cores that sharp work takes under a burst.
 */
export class WorkSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('SERVICE_UNAVAILABLE', this.busyMessage);
      await new Promise<void>((resolve) => this.waiting.push(resolve)); // the finishing task hands its slot over
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
