import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { renderAsync } from '@resvg/resvg-js';
import type { ProjectBlock } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { FACE_SIZE } from '../../modules/botfolk/face.svg';
import { faceFromSeed } from '../../modules/botfolk/individual';
import { renderProceduralSvg } from '../../modules/generation/procedural/procedural-renderer';
import { mediaRoot } from '../../modules/media/media-paths';
import type { Database } from '../database';
import { careerHighlights } from '../schema/career-highlights.table';
import { exhibitItems } from '../schema/exhibit-items.table';
import { galleryItems } from '../schema/gallery-items.table';
import { gpuAds } from '../schema/gpu-ads.table';
import { notices } from '../schema/notices.table';
import { projects } from '../schema/projects.table';
import { resourceLinks } from '../schema/resource-links.table';
import { siteProfile } from '../schema/site-profile.table';
import { trendingUsers } from '../schema/trending-users.table';
import { GPU_ART_SIZE, gpuArtSvg, PROJECT_ART_SIZE, projectArtSvg, type ProjectArtKind } from './illustrations/showcase-art.svg';
import {
  CAREER,
  EXHIBIT_COUNT,
  GALLERY_FACE_SEEDS,
  GALLERY_PROMPTS,
  GPU_AD_ART,
  GPU_ADS,
  NOTICE,
  PICTURE_MAKERS,
  PROFILE_PHOTO,
  PROJECT_VIDEO_PATH,
  PROJECTS,
  RESOURCES,
  SITE_PROFILE,
  TRENDING_PEOPLE,
} from './showcase.content';
import type { SeedStep } from './seeder';

/** Sample videos of the project pages, made by the project (backend/assets/videos); optional. */
export const SHOWCASE_VIDEO_DIR = path.resolve(__dirname, '../../../assets/videos');

const GALLERY_SIZE = 768;
/** Gallery thumbnails: the 248px grid cell at 2x. */
const THUMB_SIZE = 496;
const AVATAR_SIZE = 256;
const PHOTO_SIZE = 400;
/** The procedural seeds of the gallery: fixed, so every fresh install shows the same pictures. */
const GALLERY_SEED = 20250500;
/** Every sixth gallery picture is a Bot Folk face. */
const FACE_EVERY = 6;

interface ShowcaseSeedOptions {
  videoDir?: string;
  log?: (message: string) => void;
}

/**
 * Files the step writes under DATA_DIR/media, named by their site path (`/assets/gallery/x.jpg`).
 * The names are fixed, so a retried step writes the same files again; if the step fails, the files
 * it created are removed (files that were already there are left alone).
 */
class AssetFiles {
  private readonly created: string[] = [];

  constructor(private readonly root: string) {}

  write(sitePath: string, data: Buffer): Promise<string> {
    return this.place(sitePath, data);
  }

  copy(sitePath: string, source: string): Promise<string> {
    return this.place(sitePath, (temporary) => fs.copyFile(source, temporary));
  }

  async removeCreated(): Promise<void> {
    await Promise.all(this.created.map((file) => fs.rm(file, { force: true })));
  }

  private async place(sitePath: string, data: Parameters<typeof writeFileAtomically>[1]): Promise<string> {
    const file = path.join(this.root, ...sitePath.replace(/^\/assets\//, '').split('/'));
    const existed = await fs.stat(file).then(
      () => true,
      () => false,
    );
    await writeFileAtomically(file, data);
    if (!existed) this.created.push(file);
    return sitePath;
  }
}

/** Waits for every job, then throws the first failure, so no file is still being written after one. */
async function settled<T>(jobs: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(jobs);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

type Size = { width: number; height: number };

const svgToPng = (svg: string, size: Size) =>
  sharp(Buffer.from(svg)).resize(size.width, size.height).png({ compressionLevel: 9 }).toBuffer();

const slugify = (text: string, words: number) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => !['a', 'an', 'the', 'of', 'on', 'in', 'at', 'and', 'with', 'over', 'under'].includes(word))
    .slice(0, words)
    .join('-');

interface GalleryPicture {
  img: string;
  thumb: string;
  /** SHA-256 of the stored picture: the CLI's import recognises the file if it is imported again. */
  contentHash: string;
  maker: keyof typeof PICTURE_MAKERS;
}

/** What one gallery picture is made from, in gallery order. */
type GallerySource = { kind: 'procedural'; prompt: string; seed: number } | { kind: 'botfolk'; seed: string };

/** The curated prompts, with a Bot Folk face in every sixth place. */
function gallerySources(): GallerySource[] {
  const prompts = GALLERY_PROMPTS.map((prompt, i): GallerySource => ({ kind: 'procedural', prompt, seed: GALLERY_SEED + i }));
  const faces = GALLERY_FACE_SEEDS.map((seed): GallerySource => ({ kind: 'botfolk', seed }));
  const total = prompts.length + faces.length;
  return Array.from({ length: total }, (_, index) =>
    ((index + 1) % FACE_EVERY === 0 && faces.length > 0) || prompts.length === 0 ? faces.shift()! : prompts.shift()!,
  );
}

/**
 * Draws one gallery picture and stores it as a full-size JPEG and a thumbnail. The procedural
 * renderer's SVG is rasterised with resvg's async render, so pictures render on every core at once
 * (same pixels as renderProcedural, without its PNG step).
 */
async function drawGalleryPicture(files: AssetFiles, source: GallerySource, index: number): Promise<GalleryPicture> {
  let image: Sharp;
  let name: string;
  if (source.kind === 'procedural') {
    // The renderer draws shapes only, no text: no fonts to load.
    const svg = renderProceduralSvg(source);
    const rendered = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
    image = sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } });
    name = slugify(source.prompt, 4);
  } else {
    // Drawn at the gallery's size rather than enlarged from the face's 400px.
    const svg = Buffer.from(faceFromSeed(source.seed));
    image = sharp(svg, { density: (72 * GALLERY_SIZE) / FACE_SIZE }).resize(GALLERY_SIZE, GALLERY_SIZE);
    name = 'bot-folk-face';
  }
  const flat = image.flatten({ background: '#ffffff' });
  const [full, thumb] = await Promise.all([
    flat.clone().jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
    flat.clone().resize(THUMB_SIZE, THUMB_SIZE).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
  ]);
  const file = `${String(index + 1).padStart(2, '0')}-${name}.jpg`;
  const [img, thumbPath] = await Promise.all([
    files.write(`/assets/gallery/${file}`, full),
    files.write(`/assets/gallery/thumbs/${file}`, thumb),
  ]);
  return { img, thumb: thumbPath, contentHash: createHash('sha256').update(full).digest('hex'), maker: source.kind };
}

/** Runs `work` on every item, `limit` at a time, answering in the items' order; stops starting new ones after a failure. */
async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await settled(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function makeGallery(files: AssetFiles, log: (message: string) => void): Promise<GalleryPicture[]> {
  const sources = gallerySources();
  let done = 0;
  return eachLimited(sources, Math.max(2, os.availableParallelism()), async (source, index) => {
    const picture = await drawGalleryPicture(files, source, index);
    done += 1;
    if (done % 20 === 0 || done === sources.length) log(`Showcase: ${done}/${sources.length} gallery pictures drawn`);
    return picture;
  });
}

/** The folder also holds how the videos were made; only the videos and their posters are served. */
const VIDEO_FOLDER_MEDIA = /\.(webm|mp4|jpg|jpeg|png|webp)$/i;

/** Copies the sample videos and posters (if the folder exists) and answers the names copied. */
async function copyVideos(files: AssetFiles, videoDir: string, log: (message: string) => void): Promise<Set<string>> {
  const entries = await fs.readdir(videoDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = entries
    .filter((entry) => entry.isFile() && VIDEO_FOLDER_MEDIA.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  if (names.length === 0) log(`Showcase: no sample videos in ${videoDir}; the solar page will show none`);
  await settled(names.map((name) => files.copy(`${PROJECT_VIDEO_PATH}/${name}`, path.join(videoDir, name))));
  return new Set(names);
}

/** A page's video blocks keep the videos whose files were copied (with a poster of the same name, if any). */
function withAvailableVideos(blocks: ProjectBlock[], copied: Set<string>): ProjectBlock[] {
  return blocks.flatMap((block): ProjectBlock[] => {
    if (block.kind !== 'videos') return [block];
    const videos = block.videos
      .filter((video) => copied.has(path.posix.basename(video.src)))
      .map((video) => {
        const stem = path.posix.basename(video.src).replace(/\.[^.]+$/, '');
        const poster = ['jpg', 'png', 'webp'].map((ext) => `${stem}.${ext}`).find((name) => copied.has(name));
        return poster ? { ...video, poster: `${PROJECT_VIDEO_PATH}/${poster}` } : video;
      });
    return videos.length > 0 ? [{ ...block, videos }] : [];
  });
}

/** A Bot Folk face as a PNG of `size`, on `canvas` when given (centred on a plain background). */
async function facePicture(seed: string, size: number, canvas?: Size): Promise<Buffer> {
  const face = await svgToPng(faceFromSeed(seed), { width: size, height: size });
  if (!canvas) return face;
  return sharp({ create: { ...canvas, channels: 3, background: '#1d2433' } })
    .composite([{ input: face, left: (canvas.width - size) / 2, top: (canvas.height - size) / 2 }])
    .png()
    .toBuffer();
}

/** The fixed pictures: profile photo, project thumbnails, ad art and trending users' faces. */
async function makePictures(files: AssetFiles): Promise<{ avatars: string[] }> {
  const photo = facePicture(`owner:${SITE_PROFILE.ownerName}`, PHOTO_SIZE).then((png) => files.write(PROFILE_PHOTO, png));
  const projectImages = PROJECTS.map(async ({ card }) => {
    const png =
      card.slug === 'botfolk'
        ? await facePicture('project:botfolk', PHOTO_SIZE, PROJECT_ART_SIZE)
        : await svgToPng(projectArtSvg(card.slug as ProjectArtKind), PROJECT_ART_SIZE);
    return files.write(card.image, png);
  });
  const ads = GPU_ADS.map(async (ad) => {
    const { kind, name, detail } = GPU_AD_ART[ad.slug];
    return files.write(ad.image, await svgToPng(gpuArtSvg(kind, name, detail), GPU_ART_SIZE));
  });
  const avatars = TRENDING_PEOPLE.map(async ({ firstName, lastName, gender }) => {
    // The face's gender gene matches the name; women get no beard.
    const face = faceFromSeed(`trending:${firstName} ${lastName}`, gender ? { gender, facialHair: 'none' } : { gender });
    const png = await svgToPng(face, { width: AVATAR_SIZE, height: AVATAR_SIZE });
    return files.write(`/assets/users/trending-${slugify(`${firstName} ${lastName}`, 2)}.png`, png);
  });
  await settled<unknown>([photo, ...projectImages, ...ads, ...avatars]);
  return { avatars: await Promise.all(avatars) };
}

async function seedShowcase(tx: Database, files: AssetFiles, options: Required<ShowcaseSeedOptions>): Promise<void> {
  const { log } = options;
  const started = Date.now();
  log(`Showcase: drawing the site's pictures (${GALLERY_PROMPTS.length + GALLERY_FACE_SEEDS.length} for the gallery)`);
  const jobs = [makePictures(files), makeGallery(files, log), copyVideos(files, options.videoDir, log)] as const;
  // Every file is written (or its job has failed) before any row is; a failure leaves none still being written.
  await settled<unknown>(jobs);
  const [{ avatars }, gallery, videos] = await Promise.all(jobs);

  await tx.insert(siteProfile).values({ profile: SITE_PROFILE });
  await tx.insert(careerHighlights).values(CAREER.map((item, position) => ({ ...item, position })));
  await tx.insert(projects).values(
    PROJECTS.map(({ card, page }, position) => {
      const blocks = withAvailableVideos(page.blocks, videos);
      return { ...card, page: { ...page, blocks }, position };
    }),
  );
  await tx.insert(gpuAds).values(GPU_ADS.map((ad, position) => ({ ...ad, position })));
  await tx.insert(notices).values({ ...NOTICE, position: 0 });
  await tx.insert(trendingUsers).values(
    TRENDING_PEOPLE.map(({ firstName, lastName, location }, position) => ({
      firstName,
      lastName,
      location,
      picturePath: avatars[position],
      position,
    })),
  );
  await tx.insert(resourceLinks).values(RESOURCES.map((link, position) => ({ ...link, position })));
  await tx.insert(galleryItems).values(
    gallery.map(({ img, thumb, contentHash, maker }, position) => {
      const { model, author } = PICTURE_MAKERS[maker];
      return { img, thumb, title: model, author, width: GALLERY_SIZE, height: GALLERY_SIZE, contentHash, position };
    }),
  );
  // The exhibit shows most gallery pictures again, full size: every one but each fifth.
  const shown = gallery.filter((_, index) => index % 5 !== 4).slice(0, EXHIBIT_COUNT);
  await tx.insert(exhibitItems).values(
    shown.map(({ img, maker }, position) => {
      const { model } = PICTURE_MAKERS[maker];
      return { model, picturePath: img, width: GALLERY_SIZE, height: GALLERY_SIZE, position };
    }),
  );
  log(`Showcase: content seeded in ${Date.now() - started} ms`);
}

/** `videoDir` and `log` for tests; the app uses the defaults. */
export function createShowcaseSeed({ videoDir = SHOWCASE_VIDEO_DIR, log }: ShowcaseSeedOptions = {}): SeedStep {
  return {
    name: 'showcase',
    async run(tx, { dataDir }) {
      const logger = new Logger('Seed');
      const files = new AssetFiles(mediaRoot(dataDir));
      try {
        await seedShowcase(tx, files, { videoDir, log: log ?? ((message) => logger.log(message)) });
      } catch (error) {
        await files.removeCreated();
        throw error;
      }
    },
  };
}

/**
 * The public pages on first start: profile card, career, projects and their pages, GPU ads, the
 * construction notice, trending users, developer resources, and gallery and exhibit pictures the
 * project draws itself, each labelled with what made it.
 */
export const showcaseSeed = createShowcaseSeed();
