import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database } from '../../src/db/database';
import { runSeeds, type SeedReport } from '../../src/db/seed/seeder';
import { createShowcaseSeed, SHOWCASE_VIDEO_DIR } from '../../src/db/seed/showcase.seed';
import { mediaRoot } from '../../src/modules/media/media-paths';

/** Rendering about 60 pictures takes a few seconds, more on a busy machine. */
export const SEED_TIMEOUT_MS = 120_000;

/** Runs the showcase step (quietly) on a database, with its pictures under `dataDir`. */
export function runShowcaseSeed(db: Database, dataDir: string, videoDir = SHOWCASE_VIDEO_DIR): Promise<SeedReport> {
  return runSeeds(db, [createShowcaseSeed({ videoDir, log: () => undefined })], { dataDir });
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
export const assetFile = (dataDir: string, sitePath: string) =>
  path.join(mediaRoot(dataDir), ...sitePath.replace(/^\/assets\//, '').split('/'));

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
