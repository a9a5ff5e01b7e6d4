import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EXAMPLE_IMAGE_COUNTS, type ExamplePage } from '@atelier/contracts';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { mediaDir } from '../../media/media-paths';
import { pendingPicturesFor, someFileMissing, type PendingPicture, type PendingPictures } from '../../media/pending-pictures';
import { DREAM_PROMPTS } from '../procedural/dream-prompts';
import { renderProcedural } from '../procedural/procedural-renderer';

/** The pictures the Forge and Dream pages show before a first result, with the prompts that made them. */
export const EXAMPLE_PROMPTS: Record<ExamplePage, readonly string[]> = {
  forge: [
    'a lighthouse on a rocky coast at sunset, golden light on the sea',
    'a misty pine forest at dawn, calm and green',
    'a neon city skyline at night in the rain',
    'a portrait of a woman in a field of red flowers, warm light',
    'snowy mountains under a starry purple sky',
  ],
  dream: [
    DREAM_PROMPTS.daydream[0],
    DREAM_PROMPTS.daydream[1],
    DREAM_PROMPTS.nicedream[0],
    DREAM_PROMPTS.nicedream[1],
    DREAM_PROMPTS.strangedream[0],
    DREAM_PROMPTS.strangedream[1],
    DREAM_PROMPTS.nightmare[0],
    DREAM_PROMPTS.nightmare[1],
    DREAM_PROMPTS.daydream[2],
  ],
};

const EXAMPLE_SEED = 20250501;
const render = (prompt: string): Buffer => renderProcedural({ prompt, seed: EXAMPLE_SEED }).png;

/**
 * Renders each example once, with the procedural renderer and a fixed seed, and keeps it under
 * DATA_DIR/media/examples; later requests read the file. The pages show them from /assets
 * (`/assets/examples/forge-1.png?w=680&auto=format`), resized for the screen. Every drawing goes
 * through the media folder's pending pictures, so /assets and GET /api/generation/examples asking
 * for the same missing example at once wait for one drawing.
 */
@Injectable()
export class ExampleImages implements OnApplicationBootstrap {
  private readonly dir: string;
  private readonly pending: PendingPictures;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = mediaDir(config.dataDir, 'examples');
    this.pending = pendingPicturesFor(config.dataDir);
  }

  async onApplicationBootstrap(): Promise<void> {
    const pictures = (Object.keys(EXAMPLE_IMAGE_COUNTS) as ExamplePage[]).flatMap((page) =>
      EXAMPLE_PROMPTS[page].slice(0, EXAMPLE_IMAGE_COUNTS[page]).map((prompt, index) => this.drawing(page, index + 1, prompt)),
    );
    const missing = await Promise.all(pictures.map(({ files }) => someFileMissing(files)));
    // Queued, not drawn: the one asked for is drawn then. (Drawing them all at start would write to
    // DATA_DIR while tests and first requests look at it.)
    this.pending.add(pictures.filter((_, index) => missing[index]));
  }

  private drawing(page: ExamplePage, number: number, prompt: string): PendingPicture {
    return { files: [path.join(this.dir, `${page}-${number}.png`)], draw: async () => [render(prompt)] };
  }

  /** `number` counts from 1; undefined when the page has no such example. */
  async picture(page: ExamplePage, number: number): Promise<Buffer | undefined> {
    const prompt = EXAMPLE_PROMPTS[page][number - 1];
    if (!prompt || number > EXAMPLE_IMAGE_COUNTS[page]) return undefined;
    const picture = this.drawing(page, number, prompt);
    const [file] = picture.files;
    // Queued at start, or removed since: add() joins a drawing already queued for the file.
    if (await someFileMissing([file])) this.pending.add([picture]);
    await this.pending.whenDrawn(file);
    return fs.readFile(file);
  }
}
