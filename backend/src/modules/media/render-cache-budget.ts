import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * Keeps the resized-image cache within a size: every file it holds is listed with its size, most
 * recently served last, and when a new render takes the total past the budget the least recently
 * served files are deleted. Renders left by an earlier run are listed at start, oldest first (by
 * modification time). Another process sharing the folder may delete a listed file; a read that
 * finds it gone renders it again, which is all a cache miss costs.
 */
export class RenderCacheBudget {
  private readonly logger = new Logger('ImageCache');
  private readonly files: LRUCache<string, number>;
  readonly ready: Promise<void>;

  constructor(
    private readonly cacheDir: string,
    maxBytes: number,
  ) {
    this.files = new LRUCache<string, number>({
      maxSize: maxBytes,
      sizeCalculation: (size) => Math.max(size, 1),
      dispose: (_size, file, reason) => {
        if (reason === 'evict') void this.remove(file);
      },
    });
    this.ready = this.listExisting();
  }

  /** A cached file was served: it is the last to go. A file another process wrote is listed now. */
  async served(file: string, size: number): Promise<void> {
    await this.ready;
    if (this.files.get(file) === undefined) this.files.set(file, size);
  }

  /** A new render was written: listed, and the least recently served files go if the total is over. */
  async stored(file: string, size: number): Promise<void> {
    await this.ready;
    this.files.set(file, size);
    if (!this.files.has(file)) await this.remove(file); // larger than the whole budget: not kept at all
  }

  get totalBytes(): number {
    return this.files.calculatedSize;
  }

  private async remove(file: string): Promise<void> {
    await fs.rm(file, { force: true }).catch((error: unknown) => this.logger.warn({ err: error }, `Could not remove ${file} from the image cache`));
  }

  private async listExisting(): Promise<void> {
    const found: Array<{ file: string; size: number; mtimeMs: number }> = [];
    const entries = await fs.readdir(this.cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat) found.push({ file, size: stat.size, mtimeMs: stat.mtimeMs });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { file, size } of found) this.files.set(file, size);
  }
}
