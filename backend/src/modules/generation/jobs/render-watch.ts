import type { RenderUpdate } from '../providers/image-provider';

/** Which limit ended a job. */
export type Overrun = 'queue' | 'render';

/**
 * One job's time limits while a provider holds it. The render limit (GENERATION_TIMEOUT_SECONDS) runs
 * from the start, unless the worker says the job waits in its own queue (a RunPod cold start, A1111's
 * queue_lock): then the queue limit (GENERATION_QUEUE_TIMEOUT_SECONDS) runs instead, and the render
 * limit starts afresh once the worker renders. Waiting is not rendering, and a long queue says nothing
 * about the worker's health.
 */
export class RenderWatch {
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;
  private phase: RenderUpdate['phase'] = 'rendering';
  private queueStarted = false;
  /** Set once a limit has passed. */
  overrun?: Overrun;

  constructor(private readonly limits: { renderMs: number; queueMs: number }) {
    this.start('render', limits.renderMs);
  }

  /** Aborts when a limit passes. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Follows the worker's word; true when the job just left the worker's queue for the GPU. */
  report(update: RenderUpdate): boolean {
    // One queue limit per job: a worker that flips back and forth does not reset either limit.
    if (this.overrun || update.phase === this.phase || (update.phase === 'queued' && this.queueStarted)) return false;
    this.phase = update.phase;
    if (update.phase === 'queued') {
      this.queueStarted = true;
      this.start('queue', this.limits.queueMs);
      return false;
    }
    this.start('render', this.limits.renderMs);
    return this.queueStarted;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private start(limit: Overrun, ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.overrun = limit;
      this.controller.abort(new Error(`the ${limit} time limit passed`));
    }, ms);
  }
}
