import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { renderAsync } from '@resvg/resvg-js';
import type { ProjectBlock } from '@atelier/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { writeFileAtomically } from '../../common/files/atomic-files';
import { FACE_SIZE } from '../../modules/botfolk/face.svg';
import { faceFromSeed } from '../../modules/botfolk/individual';
import { renderProceduralSvg } from '../../modules/generation/procedural/procedural-renderer';
import { mediaFileOf } from '../../modules/media/media-paths';
import { someFileMissing, type PendingPicture } from '../../modules/media/pending-pictures';
import type { Database } from '../database';
import { isUniqueViolation } from '../errors';
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
  GALLERY_VIDEOS,
  PICTURE_MAKERS,
  PROFILE_PHOTO,
  PROJECT_VIDEO_PATH,
  PROJECTS,
  RESOURCES,
  SAMPLE_VIDEO_SIZE,
  SITE_PROFILE,
  TRENDING_PEOPLE,
} from './showcase.content';
import type { SeedContext, SeedStep } from './seeder';

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
 * The sample videos the step copies under DATA_DIR/media, named by their site path. If the step
 * fails, the files it created are removed (files that were already there are left alone).
 */
class CopiedFiles {
  private readonly created: string[] = [];

  constructor(private readonly dataDir: string) {}

  async copy(sitePath: string, source: string): Promise<void> {
    const file = mediaFileOf(this.dataDir, sitePath);
    const existed = await fs.stat(file).then(
      () => true,
      () => false,
    );
    await writeFileAtomically(file, (temporary) => fs.copyFile(source, temporary));
    if (!existed) this.created.push(file);
  }

  async removeCreated(): Promise<void> {
    await Promise.all(this.created.map((file) => fs.rm(file, { force: true })));
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

/** What one gallery picture is made from, in gallery order. */
type GallerySource = { kind: 'procedural'; prompt: string; seed: number } | { kind: 'botfolk'; seed: string };

interface GalleryPicture {
  img: string;
  thumb: string;
  source: GallerySource;
}

/** The curated prompts, with a Bot Folk face in every sixth place. */
function gallerySources(): GallerySource[] {
  const prompts = GALLERY_PROMPTS.map((prompt, i): GallerySource => ({ kind: 'procedural', prompt, seed: GALLERY_SEED + i }));
  const faces = GALLERY_FACE_SEEDS.map((seed): GallerySource => ({ kind: 'botfolk', seed }));
  const total = prompts.length + faces.length;
  return Array.from({ length: total }, (_, index) =>
    ((index + 1) % FACE_EVERY === 0 && faces.length > 0) || prompts.length === 0 ? faces.shift()! : prompts.shift()!,
  );
}

/** The gallery in order, with the site paths of each picture and its thumbnail (known before anything is drawn). */
export function galleryPictures(): GalleryPicture[] {
  return gallerySources().map((source, index) => {
    const name = source.kind === 'procedural' ? slugify(source.prompt, 4) : 'bot-folk-face';
    const file = `${String(index + 1).padStart(2, '0')}-${name}.jpg`;
    return { img: `/assets/gallery/${file}`, thumb: `/assets/gallery/thumbs/${file}`, source };
  });
}

/**
 * Draws one gallery picture as a full-size JPEG and a thumbnail. The procedural renderer's SVG is
 * rasterised with resvg's async render, off the event loop (same pixels as renderProcedural,
 * without its PNG step).
 */
async function drawGalleryPicture(source: GallerySource): Promise<Buffer[]> {
  let image: Sharp;
  if (source.kind === 'procedural') {
    // The renderer draws shapes only, no text: no fonts to load.
    const svg = renderProceduralSvg(source);
    const rendered = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
    image = sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } });
  } else {
    // Drawn at the gallery's size rather than enlarged from the face's 400px.
    const svg = Buffer.from(faceFromSeed(source.seed));
    image = sharp(svg, { density: (72 * GALLERY_SIZE) / FACE_SIZE }).resize(GALLERY_SIZE, GALLERY_SIZE);
  }
  const flat = image.flatten({ background: '#ffffff' });
  return Promise.all([
    flat.clone().jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
    flat.clone().resize(THUMB_SIZE, THUMB_SIZE).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
  ]);
}

/** The folder also holds how the videos were made; only the videos and their posters are served. */
const VIDEO_FOLDER_MEDIA = /\.(webm|mp4|jpg|jpeg|png|webp)$/i;

/** Copies the sample videos and posters (if the folder exists) and answers the names copied. */
async function copyVideos(files: CopiedFiles, videoDir: string, log: (message: string) => void): Promise<Set<string>> {
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

/**
 * The sample videos the gallery shows, those copied with their poster, each with its place. Known by
 * the SHA-256 of the video, as an uploaded one is: `atelier gallery import` skips them.
 */
async function galleryVideos(copied: Set<string>, videoDir: string) {
  const { model, author } = PICTURE_MAKERS.procedural;
  const shown = GALLERY_VIDEOS.filter(({ stem }) => copied.has(`${stem}.webm`) && copied.has(`${stem}.jpg`));
  return Promise.all(
    shown.map(async ({ stem, at }) => {
      const contentHash = createHash('sha256').update(await fs.readFile(path.join(videoDir, `${stem}.webm`))).digest('hex');
      const poster = `${PROJECT_VIDEO_PATH}/${stem}.jpg`;
      const video = `${PROJECT_VIDEO_PATH}/${stem}.webm`;
      return { at, row: { img: poster, thumb: poster, video, title: model, author, ...SAMPLE_VIDEO_SIZE, contentHash } };
    }),
  );
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

/** One of the showcase's pictures: the site paths of its files and how to draw them. */
interface ShowcasePicture {
  paths: string[];
  draw(): Promise<Buffer[]>;
  /** Gallery pictures: the row recording the picture's hash (img). */
  galleryImg?: string;
}

const trendingAvatarPath = ({ firstName, lastName }: { firstName: string; lastName: string }) =>
  `/assets/users/trending-${slugify(`${firstName} ${lastName}`, 2)}.png`;

const onePicture = (sitePath: string, draw: () => Promise<Buffer>): ShowcasePicture => ({
  paths: [sitePath],
  draw: async () => [await draw()],
});

/** Every picture the showcase's rows name: the gallery, profile photo, project thumbnails, ad art and trending users' faces. */
export function showcasePictures(): ShowcasePicture[] {
  const gallery = galleryPictures().map(
    ({ img, thumb, source }): ShowcasePicture => ({ paths: [img, thumb], draw: () => drawGalleryPicture(source), galleryImg: img }),
  );
  const photo = onePicture(PROFILE_PHOTO, () => facePicture(`owner:${SITE_PROFILE.ownerName}`, PHOTO_SIZE));
  const projectImages = PROJECTS.map(({ card }) =>
    onePicture(card.image, () =>
      card.slug === 'botfolk'
        ? facePicture('project:botfolk', PHOTO_SIZE, PROJECT_ART_SIZE)
        : svgToPng(projectArtSvg(card.slug as ProjectArtKind), PROJECT_ART_SIZE),
    ),
  );
  const ads = GPU_ADS.map((ad) => {
    const { kind, name, detail } = GPU_AD_ART[ad.slug];
    return onePicture(ad.image, () => svgToPng(gpuArtSvg(kind, name, detail), GPU_ART_SIZE));
  });
  const avatars = TRENDING_PEOPLE.map((person) =>
    onePicture(trendingAvatarPath(person), () => {
      // The face's gender gene matches the name; women get no beard.
      const { firstName, lastName, gender } = person;
      const face = faceFromSeed(`trending:${firstName} ${lastName}`, gender ? { gender, facialHair: 'none' } : { gender });
      return svgToPng(face, { width: AVATAR_SIZE, height: AVATAR_SIZE });
    }),
  );
  // The gallery last: the home page shows the others first.
  return [photo, ...projectImages, ...ads, ...avatars, ...gallery];
}

/**
 * The showcase's pictures that are not drawn yet: a file missing, or a gallery picture whose hash is
 * not recorded (a start stopped between the two). The hash is filled in once the picture is written,
 * where no hash is recorded yet (the owner may have imported the same bytes as another item).
 */
async function pendingShowcasePictures(db: Database, { dataDir }: SeedContext): Promise<PendingPicture[]> {
  const hashed = new Set(
    (await db.select({ img: galleryItems.img }).from(galleryItems).where(isNotNull(galleryItems.contentHash))).map((row) => row.img),
  );
  const logger = new Logger('Seed');
  const recordHash = (img: string) => async ([full]: Buffer[]) => {
    const contentHash = createHash('sha256').update(full).digest('hex');
    await db
      .update(galleryItems)
      .set({ contentHash })
      .where(and(eq(galleryItems.img, img), isNull(galleryItems.contentHash)))
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        logger.warn(`${img}: the same picture is already in the gallery under another item; its hash stays unrecorded`);
      });
  };
  const pictures = await Promise.all(
    showcasePictures().map(async (picture) => {
      const files = picture.paths.map((sitePath) => mediaFileOf(dataDir, sitePath));
      const recorded = picture.galleryImg === undefined || hashed.has(picture.galleryImg);
      if (recorded && !(await someFileMissing(files))) return undefined;
      const pending: PendingPicture = { files, draw: picture.draw };
      return picture.galleryImg === undefined ? pending : { ...pending, stored: recordHash(picture.galleryImg) };
    }),
  );
  return pictures.filter((picture) => picture !== undefined);
}

async function seedShowcase(tx: Database, files: CopiedFiles, options: Required<ShowcaseSeedOptions>): Promise<void> {
  const { log } = options;
  const started = Date.now();
  const gallery = galleryPictures();
  const videos = await copyVideos(files, options.videoDir, log);

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
    TRENDING_PEOPLE.map((person, position) => {
      const { firstName, lastName, location } = person;
      return { firstName, lastName, location, picturePath: trendingAvatarPath(person), position };
    }),
  );
  await tx.insert(resourceLinks).values(RESOURCES.map((link, position) => ({ ...link, position })));
  // contentHash stays empty until the picture is drawn (pendingShowcasePictures).
  const galleryRows: Array<Omit<typeof galleryItems.$inferInsert, 'position'>> = gallery.map(({ img, thumb, source }) => {
    const { model, author } = PICTURE_MAKERS[source.kind];
    return { img, thumb, title: model, author, width: GALLERY_SIZE, height: GALLERY_SIZE };
  });
  for (const video of await galleryVideos(videos, options.videoDir)) galleryRows.splice(video.at, 0, video.row);
  await tx.insert(galleryItems).values(galleryRows.map((row, position) => ({ ...row, position })));
  // The exhibit shows most gallery pictures again, full size: every one but each fifth.
  const shown = gallery.filter((_, index) => index % 5 !== 4).slice(0, EXHIBIT_COUNT);
  await tx.insert(exhibitItems).values(
    shown.map(({ img, source }, position) => {
      const { model } = PICTURE_MAKERS[source.kind];
      return { model, picturePath: img, width: GALLERY_SIZE, height: GALLERY_SIZE, position };
    }),
  );
  log(`Showcase: content seeded in ${Date.now() - started} ms; its pictures are drawn once the server answers`);
}

/** `videoDir` and `log` for tests; the app uses the defaults. */
export function createShowcaseSeed({ videoDir = SHOWCASE_VIDEO_DIR, log }: ShowcaseSeedOptions = {}): SeedStep {
  return {
    name: 'showcase',
    async run(tx, { dataDir }) {
      const logger = new Logger('Seed');
      const files = new CopiedFiles(dataDir);
      try {
        await seedShowcase(tx, files, { videoDir, log: log ?? ((message) => logger.log(message)) });
      } catch (error) {
        await files.removeCreated();
        throw error;
      }
    },
    pictures: pendingShowcasePictures,
  };
}

/**
 * The public pages on first start: profile card, career, projects and their pages, GPU ads, the
 * construction notice, trending users, developer resources, and gallery and exhibit pictures the
 * project draws itself, each labelled with what made it.
 */
export const showcaseSeed = createShowcaseSeed();
