import sharp from 'sharp';
import type { RenderUpdate } from '../providers/image-provider';
import type { JobsRepository } from './jobs.repository';

/** Rows are written at most this often per job; pages poll every 3 s. */
const WRITE_INTERVAL_MS = 1_000;
/** Previews are shown small beside the progress bar: a few KB each. */
const PREVIEW_SIDE = 256;

/**
 * Writes what a worker says of one running job to its row (progress, a downscaled preview, the moment
 * it left the worker's queue), one write at a time and at most once a second, always the latest word.
 * Failures are dropped: progress is a courtesy, the job goes on.
 */
export class ProgressRecorder {
  private latest?: { update: RenderUpdate; rendering: boolean };
  private writing: Promise<void> = Promise.resolve();
  private busy = false;
  private lastWrite = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly jobId: string,
  ) {}

  /** `rendering`: the job just left the worker's queue, so its execution time starts now. */
  push(update: RenderUpdate, rendering: boolean): void {
    // A start must not be lost to a later word that does not repeat it.
    this.latest = { update, rendering: rendering || Boolean(this.latest?.rendering) };
    if (this.busy || this.timer) return;
    const wait = rendering ? 0 : Math.max(0, this.lastWrite + WRITE_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => this.write(), wait);
  }

  /** Stops writing and waits for a write under way, before the job's outcome is recorded. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.latest = undefined;
    await this.writing;
  }

  private write(): void {
    this.timer = undefined;
    const next = this.latest;
    if (!next) return;
    this.latest = undefined;
    this.busy = true;
    this.writing = this.save(next)
      .catch(() => undefined)
      .finally(() => {
        this.busy = false;
        this.lastWrite = Date.now();
        if (this.latest) this.push(this.latest.update, this.latest.rendering);
      });
  }

  private async save({ update, rendering }: { update: RenderUpdate; rendering: boolean }): Promise<void> {
    const progress = update.progress === undefined ? undefined : Math.min(1, Math.max(0, update.progress));
    const preview = update.preview ? await smallPreview(update.preview) : undefined;
    await this.jobs.recordProgress(this.jobId, { progress, preview, rendering });
  }
}

async function smallPreview(picture: Buffer): Promise<string | undefined> {
  const jpeg = await sharp(picture, { limitInputPixels: 40_000_000 })
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 70 })
    .toBuffer()
    .catch(() => undefined); // a preview the worker garbled is simply not shown
  return jpeg && `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
