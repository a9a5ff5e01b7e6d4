import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EXAMPLE_PAGES, type AdminGenerationExample, type GenerationExample, type GenerationExamples } from '@atelier/contracts';
import { writeFileAtomically } from '../../../common/files/atomic-files';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { encodeUploadedImage, type UploadedPicture } from '../../media/image-upload';
import { mediaFileOf } from '../../media/media-paths';
import { pendingPicturesFor, someFileMissing, type PendingPicture, type PendingPictures } from '../../media/pending-pictures';
import { requiredUploadedFile } from '../../media/picture-fields';
import { builtInExample, builtInExamplePath, drawBuiltInExample } from './built-in-examples';
import type { ExamplePlace, ExampleUploadFields } from './examples.schemas';
import { ExamplesRepository, type ExampleRow } from './examples.repository';

/** The pages show an example at most 768 CSS px wide, 1536 px on a 2x screen: more is never sent. */
const EXAMPLE_MAX_SIDE = 1536;

/** Pictures the owner sent; only those are removed when another takes their place. */
const UPLOADED_EXAMPLE = /^\/assets\/examples\/[0-9a-f]{32}\.(jpg|png)$/;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const isBuiltIn = (row: Pick<ExampleRow, 'page' | 'position' | 'picture'>) => row.picture === builtInExamplePath(row.page, row.position);

function publicExample(row: ExampleRow): GenerationExample {
  const { position, picture, prompt, model, width, height } = row;
  return { position, url: picture, prompt, model, width, height };
}

function adminExample(row: ExampleRow): AdminGenerationExample {
  return { page: row.page, ...publicExample(row), builtIn: isBuiltIn(row), contentHash: row.contentHash, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The Forge and Dream pages' example pictures, as content rows (seeded by the generation-examples
 * step): each with the model that made it. Atelier's own are drawn by the procedural renderer when
 * first asked for (through the media folder's pending pictures, so /assets and the API asking at
 * once wait for one drawing); the owner replaces any with a picture of theirs, or restores it.
 */
@Injectable()
export class ExamplesService implements OnApplicationBootstrap {
  private readonly pending: PendingPictures;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ExamplesRepository,
  ) {
    this.pending = pendingPicturesFor(config.dataDir);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queueBuiltInPictures();
  }

  /**
   * Queues the built-in pictures the rows show that are not on disk (drawn when one is asked for:
   * drawing them all at start would cost every first start), and records the hash of those drawn
   * before their row had one (an install from before examples were rows).
   */
  async queueBuiltInPictures(): Promise<void> {
    const rows = (await this.repository.list()).filter(isBuiltIn);
    const missing = await Promise.all(rows.map((row) => someFileMissing([this.fileOf(row)])));
    this.pending.add(rows.filter((_, index) => missing[index]).map((row) => this.drawing(row)));
    for (const row of rows.filter((candidate, index) => !missing[index] && candidate.contentHash === null)) {
      await this.repository.recordHash(row.page, row.position, row.picture, sha256(await fs.readFile(this.fileOf(row))));
    }
  }

  async list(): Promise<GenerationExamples> {
    const rows = await this.repository.list();
    return Object.fromEntries(
      EXAMPLE_PAGES.map((page) => [page, rows.filter((row) => row.page === page).map(publicExample)]),
    ) as GenerationExamples;
  }

  async adminList(): Promise<AdminGenerationExample[]> {
    return (await this.repository.list()).map(adminExample);
  }

  /** The example's picture and its type; undefined when the page has no such example. */
  async picture({ page, position }: ExamplePlace): Promise<{ bytes: Buffer; type: string } | undefined> {
    const row = await this.repository.find(page, position);
    if (!row) return undefined;
    const file = this.fileOf(row);
    // Queued at start, or removed since: add() joins a drawing already queued for the file.
    if (isBuiltIn(row) && (await someFileMissing([file]))) this.pending.add([this.drawing(row)]);
    await this.pending.whenDrawn(file);
    return { bytes: await fs.readFile(file), type: row.picture.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  }

  /** Shows the owner's picture at `place`: checked and re-encoded like every upload, stored under a new name. */
  async replace(place: ExamplePlace, upload: UploadedPicture | undefined, fields: ExampleUploadFields): Promise<AdminGenerationExample> {
    const file = requiredUploadedFile(upload, 'picture');
    const picture = await encodeUploadedImage(file, 'picture', EXAMPLE_MAX_SIDE);
    const sitePath = `/assets/examples/${randomBytes(16).toString('hex')}.${picture.extension}`;
    const stored = mediaFileOf(this.config.dataDir, sitePath);
    await writeFileAtomically(stored, picture.buffer);
    try {
      const values = { ...place, ...fields, picture: sitePath, width: picture.width, height: picture.height, contentHash: sha256(file.buffer) };
      return await this.saved(values);
    } catch (error) {
      // Nothing half-done: a row that was not saved leaves no file behind.
      await fs.rm(stored, { force: true });
      throw error;
    }
  }

  /** Shows Atelier's own picture at `place` again (drawn when first asked for, if it is not on disk). */
  async reset(place: ExamplePlace): Promise<AdminGenerationExample> {
    const values = builtInExample(place.page, place.position);
    const file = mediaFileOf(this.config.dataDir, values.picture);
    const onDisk = !(await someFileMissing([file]));
    const saved = await this.saved({ ...values, contentHash: onDisk ? sha256(await fs.readFile(file)) : null });
    if (!onDisk) this.pending.add([this.drawing(values)]);
    return saved;
  }

  private async saved(values: Parameters<ExamplesRepository['replace']>[0]): Promise<AdminGenerationExample> {
    const { row, previous } = await this.repository.replace(values);
    if (previous && previous !== row.picture && UPLOADED_EXAMPLE.test(previous)) {
      await fs.rm(mediaFileOf(this.config.dataDir, previous), { force: true });
    }
    return adminExample(row);
  }

  private fileOf(row: Pick<ExampleRow, 'picture'>): string {
    return mediaFileOf(this.config.dataDir, row.picture);
  }

  /** Draws a built-in example, and records its hash once it is on disk. */
  private drawing(row: Pick<ExampleRow, 'page' | 'position' | 'picture'>): PendingPicture {
    const { prompt } = builtInExample(row.page, row.position);
    return {
      files: [this.fileOf(row)],
      draw: async () => [drawBuiltInExample(prompt)],
      stored: ([png]) => this.repository.recordHash(row.page, row.position, row.picture, sha256(png)),
    };
  }
}
