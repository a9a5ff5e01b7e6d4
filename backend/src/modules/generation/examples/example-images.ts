import * as path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EXAMPLE_IMAGE_COUNTS, type ExamplePage } from '@atelier/contracts';
import { readFileIfExists, writeFileAtomically } from '../../../common/files/atomic-files';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { mediaDir } from '../../media/media-paths';
import { pendingPicturesFor, someFileMissing } from '../../media/pending-pictures';
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
 * (`/assets/examples/forge-1.png?w=680&auto=format`), resized for the screen: an example not drawn
 * yet is drawn when first asked for there too.
 */
@Injectable()
export class ExampleImages implements OnApplicationBootstrap {
  private readonly dir: string;
  private readonly dataDir: string;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dataDir = config.dataDir;
    this.dir = mediaDir(config.dataDir, 'examples');
  }

  async onApplicationBootstrap(): Promise<void> {
    const pictures = (Object.keys(EXAMPLE_IMAGE_COUNTS) as ExamplePage[]).flatMap((page) =>
      EXAMPLE_PROMPTS[page].slice(0, EXAMPLE_IMAGE_COUNTS[page]).map((prompt, index) => ({ file: this.fileOf(page, index + 1), prompt })),
    );
    const missing = await Promise.all(pictures.map(({ file }) => someFileMissing([file])));
    // Queued, not drawn: the /assets handler has one drawn when it is first asked for. (Drawing them
    // all at start would write to DATA_DIR while tests and first requests look at it.)
    pendingPicturesFor(this.dataDir).add(
      pictures
        .filter((_, index) => missing[index])
        .map(({ file, prompt }) => ({ files: [file], draw: async () => [render(prompt)] })),
    );
  }

  private fileOf(page: ExamplePage, number: number): string {
    return path.join(this.dir, `${page}-${number}.png`);
  }

  /** `number` counts from 1; undefined when the page has no such example. */
  async picture(page: ExamplePage, number: number): Promise<Buffer | undefined> {
    const prompt = EXAMPLE_PROMPTS[page][number - 1];
    if (!prompt || number > EXAMPLE_IMAGE_COUNTS[page]) return undefined;
    const file = this.fileOf(page, number);
    let pending = this.rendering.get(file);
    if (!pending) {
      pending = this.readOrRender(file, prompt).finally(() => this.rendering.delete(file));
      this.rendering.set(file, pending);
    }
    return pending;
  }

  private async readOrRender(file: string, prompt: string): Promise<Buffer> {
    const stored = await readFileIfExists(file);
    if (stored) return stored;
    const png = render(prompt);
    await writeFileAtomically(file, png);
    return png;
  }
}
