import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { mediaRoot } from './media-paths';

/**
 * A picture that content already names but that is drawn later (the demo content's pictures, drawn
 * after the server answers). One drawing may write several files: a gallery picture and its thumbnail.
 */
export interface PendingPicture {
  /** The files one drawing writes (absolute paths under DATA_DIR/media). */
  files: readonly string[];
  /** Draws them: one buffer per entry of `files`, in that order. */
  draw(): Promise<Buffer[]>;
  /** Runs once the files are in place, with their bytes (e.g. to record the picture's hash in its row). */
  stored?(data: Buffer[]): Promise<void>;
}

/** Whether any of the files is not on disk: the picture is still to be drawn. */
export async function someFileMissing(files: readonly string[]): Promise<boolean> {
  const present = await Promise.all(files.map((file) => fs.access(file).then(() => true, () => false)));
  return present.includes(false);
}

export interface DrawOutcome {
  drawn: number;
  failed: number;
}

/** Pictures added together: they are drawn when asked for, and in the background once allowed to. */
export interface PictureBatch {
  readonly size: number;
  /** Lets the batch's pictures be drawn without anyone asking for them, one at a time. */
  drawInBackground(): void;
  /** Settles once each picture of the batch is drawn or has failed. */
  readonly finished: Promise<DrawOutcome>;
}

/** A promise settled from outside; a failure nobody waits for is not an unhandled rejection (it is logged here). */
interface Deferred {
  promise: Promise<void>;
  settle(error?: unknown): void;
}

function deferred(): Deferred {
  let settle!: Deferred['settle'];
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error as Error));
  });
  promise.catch(() => undefined);
  return { promise, settle };
}

interface Entry {
  picture: PendingPicture;
  /** Someone asked for one of its files: it is drawn ahead of the background ones. */
  requested: boolean;
  background: boolean;
  /** The files are on disk: what a request waits for. */
  written: Deferred;
  /** ...and recorded (`stored`): what a batch waits for. */
  done: Deferred;
}

export interface PendingPicturesLimits {
  /** Drawings at a time when asked for (a gallery page asks for sixty thumbnails at once). */
  requested: number;
  /** Drawings at a time when nobody asked: one keeps memory and the second core free for requests. */
  background: number;
}

const DEFAULT_LIMITS: PendingPicturesLimits = { requested: 2, background: 1 };

/**
 * The pictures under one media folder that are named but not drawn yet. A request for one of their
 * files waits for that picture (drawn ahead of the others) instead of finding nothing; the rest are
 * drawn in the background, few at a time, so that neither the first answer nor memory pays for them.
 * Files are written atomically, so several processes sharing the folder may draw the same picture.
 */
export class PendingPictures {
  private readonly logger = new Logger('PendingPictures');
  /** Every file still to be drawn, and the entry that draws it. */
  private readonly byFile = new Map<string, Entry>();
  /** Entries not started yet, in the order they were added. */
  private queue: Entry[] = [];
  private running = 0;
  private readonly idle: Array<() => void> = [];

  constructor(private readonly limits: PendingPicturesLimits = DEFAULT_LIMITS) {}

  /** Nothing is left to draw: the /assets handler's usual case, checked before it works out a request's file. */
  get isEmpty(): boolean {
    return this.byFile.size === 0;
  }

  /**
   * Queues pictures to be drawn. A picture whose files are already queued (the same step collected
   * twice) joins the queued drawing instead of being drawn again.
   */
  add(pictures: readonly PendingPicture[]): PictureBatch {
    const entries = pictures.map((picture) => this.byFile.get(path.resolve(picture.files[0])) ?? this.enqueue(picture));
    const finished = Promise.allSettled(entries.map((entry) => entry.done.promise)).then((results) => {
      const failed = results.filter((result) => result.status === 'rejected').length;
      return { drawn: results.length - failed, failed };
    });
    return {
      size: entries.length,
      drawInBackground: () => {
        for (const entry of entries) entry.background = true;
        this.pump();
      },
      finished,
    };
  }

  /**
   * When `file` is still to be drawn: a promise that resolves once it is on disk (its picture moves
   * ahead of the background ones). Otherwise undefined, at the cost of one map lookup.
   */
  whenDrawn(file: string): Promise<void> | undefined {
    const entry = this.byFile.get(path.resolve(file));
    if (!entry) return undefined;
    entry.requested = true;
    this.pump();
    return entry.written.promise;
  }

  /** Whether `file` is still to be drawn (nothing is started by asking). */
  has(file: string): boolean {
    return this.byFile.has(path.resolve(file));
  }

  /**
   * For content removed before its pictures were drawn (`atelier demo remove` on a first start):
   * when `file`'s picture has not started and every file it writes is in `removing`, it is taken out
   * of the queue and never drawn (it counts as done). Resolves to the files it would have written;
   * none when it was being drawn or another file of it is still wanted (it is then drawn first, and
   * the caller deletes what is to go). Undefined when `file` is not pending.
   */
  withdraw(file: string, removing: ReadonlySet<string>): Promise<string[]> | undefined {
    const entry = this.byFile.get(path.resolve(file));
    if (!entry) return undefined;
    const queued = this.queue.includes(entry);
    if (queued && entry.picture.files.every((name) => removing.has(path.resolve(name)))) {
      this.queue = this.queue.filter((candidate) => candidate !== entry);
      this.forget(entry);
      entry.written.settle();
      entry.done.settle();
      return Promise.resolve(entry.picture.files.map((name) => path.resolve(name)));
    }
    return (this.whenDrawn(file) as Promise<void>).then(
      () => [],
      () => [],
    );
  }

  /** Drops every picture not started yet (they fail as stopped) and waits for the drawings under way. */
  async stop(): Promise<void> {
    const dropped = this.queue;
    this.queue = [];
    for (const entry of dropped) this.fail(entry, new Error('stopped before it was drawn'));
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private enqueue(picture: PendingPicture): Entry {
    const entry: Entry = { picture, requested: false, background: false, written: deferred(), done: deferred() };
    for (const file of picture.files) this.byFile.set(path.resolve(file), entry);
    this.queue.push(entry);
    return entry;
  }

  private forget(entry: Entry): void {
    for (const file of entry.picture.files.map((name) => path.resolve(name))) if (this.byFile.get(file) === entry) this.byFile.delete(file);
  }

  private fail(entry: Entry, error: unknown): void {
    this.forget(entry);
    entry.written.settle(error);
    entry.done.settle(error);
  }

  /** Starts what the limits allow: asked-for pictures first, then background ones. */
  private pump(): void {
    for (;;) {
      const requested = this.queue.find((entry) => entry.requested);
      const next = requested ?? this.queue.find((entry) => entry.background);
      if (!next || this.running >= (requested ? this.limits.requested : this.limits.background)) return;
      this.queue = this.queue.filter((entry) => entry !== next);
      this.running += 1;
      void this.draw(next).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async draw(entry: Entry): Promise<void> {
    const { picture } = entry;
    let data: Buffer[];
    try {
      data = await picture.draw();
      await Promise.all(picture.files.map((file, index) => writeFileAtomically(file, data[index])));
    } catch (error) {
      this.logger.warn({ err: error }, `Could not draw ${picture.files.join(', ')}`);
      this.fail(entry, error);
      return;
    }
    // The files are served from here on; no request waits for the bookkeeping below.
    this.forget(entry);
    entry.written.settle();
    try {
      await picture.stored?.(data);
      entry.done.settle();
    } catch (error) {
      this.logger.warn({ err: error }, `Drew ${picture.files[0]} but could not record it`);
      entry.done.settle(error);
    }
  }
}

/**
 * One queue per media folder in this process: the /assets handler (built before the app starts)
 * and the start-up code that fills the queue find the same one by DATA_DIR.
 */
const queues = new Map<string, PendingPictures>();

export function pendingPicturesFor(dataDir: string): PendingPictures {
  const root = path.resolve(mediaRoot(dataDir));
  let queue = queues.get(root);
  if (!queue) {
    queue = new PendingPictures();
    queues.set(root, queue);
  }
  return queue;
}
