import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database } from '../../src/db/database';
import { queueSeedPictures } from '../../src/db/seed/seed-pictures.service';
import { runSeeds, type SeedReport } from '../../src/db/seed/seeder';
import { createShowcaseSeed, SHOWCASE_VIDEO_DIR } from '../../src/db/seed/showcase.seed';
import { mediaFileOf, mediaRoot } from '../../src/modules/media/media-paths';

/** Rendering about 60 pictures takes a few seconds, more on a busy machine. */
export const SEED_TIMEOUT_MS = 120_000;

/** The showcase step as the app runs it, but quiet. */
export const quietShowcaseSeed = (videoDir = SHOWCASE_VIDEO_DIR) => createShowcaseSeed({ videoDir, log: () => undefined });

/**
 * Runs the showcase step (quietly) on a database and, unless `draw` is false, draws its pictures
 * under `dataDir` as a server would after its first answer, resolving once all are drawn.
 */
export async function runShowcaseSeed(
  db: Database,
  dataDir: string,
  { videoDir = SHOWCASE_VIDEO_DIR, draw = true }: { videoDir?: string; draw?: boolean } = {},
): Promise<SeedReport> {
  const step = quietShowcaseSeed(videoDir);
  const report = await runSeeds(db, [step], { dataDir });
  if (draw) await drawSeedPictures(db, dataDir, step);
  return report;
}

/** Queues the step's pending pictures (as a start does) and draws them all. */
export async function drawSeedPictures(db: Database, dataDir: string, step = quietShowcaseSeed()): Promise<void> {
  const batch = await queueSeedPictures(db, [step], { dataDir });
  batch.drawInBackground();
  const { failed } = await batch.finished;
  if (failed > 0) throw new Error(`${failed} seed pictures could not be drawn`);
}

/** Whether the project's sample videos exist in this checkout (the seed copies them when they do). */
export const sampleVideosPresent = () => fs.existsSync(path.join(SHOWCASE_VIDEO_DIR, 'solar-design-walkthrough.webm'));

/** Every `/assets/...` string anywhere in a JSON value. */
export function assetPaths(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/assets/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(assetPaths);
  if (value && typeof value === 'object') return Object.values(value).flatMap(assetPaths);
  return [];
}

/** Where a site path's file lives under DATA_DIR. */
export const assetFile = mediaFileOf;

/** Every file under DATA_DIR/media, relative to it, sorted. */
export function mediaFiles(dataDir: string): string[] {
  const root = mediaRoot(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => fs.statSync(path.join(root, file)).isFile())
    .sort();
}
