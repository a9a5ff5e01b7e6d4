import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../src/db/database';
import { careerHighlights } from '../src/db/schema/career-highlights.table';
import { exhibitItems } from '../src/db/schema/exhibit-items.table';
import { galleryItems } from '../src/db/schema/gallery-items.table';
import { gpuAds } from '../src/db/schema/gpu-ads.table';
import { notices } from '../src/db/schema/notices.table';
import { projects } from '../src/db/schema/projects.table';
import { resourceLinks } from '../src/db/schema/resource-links.table';
import { siteProfile } from '../src/db/schema/site-profile.table';
import { trendingUsers } from '../src/db/schema/trending-users.table';
import type { SeedReport } from '../src/db/seed/seeder';
import { PROJECTS } from '../src/db/seed/showcase.content';
import { assetFile, assetPaths, mediaFiles, runShowcaseSeed, sampleVideosPresent, SEED_TIMEOUT_MS } from './helpers/content';
import { makeTempDir } from './helpers/test-app';
import { createTestDatabase, testDriver, type TestDatabase } from './helpers/test-database';

async function everything(db: Database) {
  return {
    profile: await db.select().from(siteProfile),
    career: await db.select().from(careerHighlights).orderBy(asc(careerHighlights.position)),
    projects: await db.select().from(projects).orderBy(asc(projects.position)),
    ads: await db.select().from(gpuAds).orderBy(asc(gpuAds.position)),
    notices: await db.select().from(notices),
    trending: await db.select().from(trendingUsers).orderBy(asc(trendingUsers.position)),
    resources: await db.select().from(resourceLinks).orderBy(asc(resourceLinks.position)),
    gallery: await db.select().from(galleryItems).orderBy(asc(galleryItems.position)),
    exhibit: await db.select().from(exhibitItems).orderBy(asc(exhibitItems.position)),
  };
}

/** A fresh migrated database and DATA_DIR for one describe block, removed after it. */
function freshDatabase(): { database: TestDatabase; dataDir: string } {
  const fresh = {} as { database: TestDatabase; dataDir: string };
  beforeAll(async () => {
    fresh.database = await createTestDatabase();
    fresh.dataDir = makeTempDir('atelier-showcase-');
  });
  afterAll(async () => {
    await fresh.database.destroy();
    fs.rmSync(fresh.dataDir, { recursive: true, force: true });
  });
  return fresh;
}

const solarVideos = (rows: Awaited<ReturnType<typeof everything>>) =>
  rows.projects.find((row) => row.slug === 'solar')!.page.blocks.flatMap((block) => (block.kind === 'videos' ? block.videos : []));

describe(`showcase seed (${testDriver()})`, () => {
  const fresh = freshDatabase();
  let dataDir: string;
  let db: Database;
  let report: SeedReport;
  let seeded: Awaited<ReturnType<typeof everything>>;
  let files: string[];

  beforeAll(async () => {
    ({ dataDir } = fresh);
    db = fresh.database.handle.db;
    report = await runShowcaseSeed(db, dataDir);
    seeded = await everything(db);
    files = mediaFiles(dataDir);
  }, SEED_TIMEOUT_MS);

  it('runs as the showcase step', () => {
    expect(report).toEqual({ ran: ['showcase'], skipped: [] });
  });

  it('stores the required counts', () => {
    expect(seeded.profile).toHaveLength(1);
    expect(seeded.profile[0].profile).toMatchObject({ ownerName: 'Alex Morgan' });
    expect(seeded.career).toHaveLength(5);
    expect(seeded.projects.map((row) => row.slug).sort()).toEqual(['ansible', 'atelier', 'bedrock', 'botfolk', 'nucleus', 'solar']);
    expect(seeded.projects.filter((row) => row.featured).map((row) => row.slug)).toEqual(['solar', 'bedrock', 'ansible', 'botfolk']);
    expect(seeded.ads.map((row) => row.slug)).toEqual(['nvidia-rtx-5090', 'nvidia-h100']);
    expect(seeded.notices.map((row) => row.dateLabel)).toEqual(['May, 2025']);
    expect(seeded.trending).toHaveLength(11);
    expect(seeded.resources).toHaveLength(21);
    expect(seeded.gallery.length).toBeGreaterThanOrEqual(55);
    expect(seeded.gallery.length).toBeLessThanOrEqual(65);
    expect(seeded.exhibit.length).toBeGreaterThanOrEqual(43);
    expect(seeded.exhibit.length).toBeLessThanOrEqual(53);
  });

  it('gives every list distinct positions in order', () => {
    for (const rows of [seeded.career, seeded.projects, seeded.trending, seeded.resources, seeded.gallery, seeded.exhibit]) {
      expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i));
    }
  });

  it('labels every picture with what made it, mostly the procedural renderer and some Bot Folk faces', () => {
    const titles = seeded.gallery.map((row) => row.title);
    expect(new Set(titles)).toEqual(new Set(['Atelier Procedural v1', 'Bot Folk Faces']));
    expect(titles.filter((title) => title === 'Bot Folk Faces').length).toBeGreaterThanOrEqual(5);
    expect(titles.filter((title) => title === 'Atelier Procedural v1').length).toBeGreaterThan(seeded.gallery.length / 2);
    const galleryModels = new Map(seeded.gallery.map((row) => [row.img, row.title]));
    for (const item of seeded.exhibit) expect(galleryModels.get(item.picturePath)).toBe(item.model);
  });

  it('writes every picture the rows name, at the size the rows say, and nothing the rows do not name', async () => {
    const referenced = new Set(assetPaths(seeded));
    for (const sitePath of referenced) expect(fs.existsSync(assetFile(dataDir, sitePath))).toBe(true);

    const sizes = [
      ...seeded.gallery.flatMap((row) => [
        { file: row.img, width: row.width, height: row.height, format: 'jpeg' },
        // A video's poster is its thumbnail too.
        { file: row.thumb, width: row.video ? row.width : 496, height: row.video ? row.height : 496, format: 'jpeg' },
      ]),
      ...seeded.trending.map((row) => ({ file: row.picturePath, width: 256, height: 256, format: 'png' })),
      ...seeded.projects.map((row) => ({ file: row.image, width: 680, height: 480, format: 'png' })),
      ...seeded.ads.map((row) => ({ file: row.image, width: 960, height: 540, format: 'png' })),
      { file: seeded.profile[0].profile.photo, width: 400, height: 400, format: 'png' },
    ];
    for (const { file, ...expected } of sizes) {
      expect(await sharp(assetFile(dataDir, file)).metadata()).toMatchObject(expected);
    }
    // Video posters may be copied without a page naming them; every other file is referenced.
    const unreferenced = files.filter((file) => !referenced.has(`/assets/${file.split(path.sep).join('/')}`));
    expect(unreferenced.filter((file) => !file.startsWith(path.join('projects', 'vid')))).toEqual([]);
    expect(files.filter((file) => /partial/.test(file))).toEqual([]);
  });

  it('records the SHA-256 of each gallery picture and video, so importing the same file again is recognised', () => {
    // A video is known by its own bytes, not its poster's, as an uploaded one is.
    for (const row of seeded.gallery) {
      expect(row.contentHash).toBe(createHash('sha256').update(fs.readFileSync(assetFile(dataDir, row.video ?? row.img))).digest('hex'));
    }
  });

  it('draws pictures that are not blank', async () => {
    for (const row of [seeded.gallery[0], seeded.gallery[5]]) {
      const { channels } = await sharp(assetFile(dataDir, row.thumb)).stats();
      expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
    }
  });

  (sampleVideosPresent() ? it : it.skip)('copies the sample videos and shows both, with their posters, on the solar page', () => {
    const videos = solarVideos(seeded);
    expect(videos.map((video) => video.src)).toEqual([
      '/assets/projects/vid/solar-design-walkthrough.webm',
      '/assets/projects/vid/solar-shade-analysis.webm',
    ]);
    for (const video of videos) {
      expect(fs.statSync(assetFile(dataDir, video.src)).size).toBeGreaterThan(1000);
      if (video.poster) expect(fs.existsSync(assetFile(dataDir, video.poster))).toBe(true);
    }
    expect(files.filter((file) => /\.(md|mjs|js)$/.test(file))).toEqual([]);
  });

  (sampleVideosPresent() ? it : it.skip)('puts the three sample videos in the gallery, one in each of its first rows, their posters as pictures', () => {
    const videos = seeded.gallery.map((row, index) => ({ ...row, index })).filter((row) => row.video);
    expect(videos.map(({ index, video, img, thumb, width, height }) => ({ index, video, img, thumb, width, height }))).toEqual(
      ['sample-clip', 'solar-design-walkthrough', 'solar-shade-analysis'].map((stem, n) => ({
        index: [2, 9, 16][n],
        video: `/assets/projects/vid/${stem}.webm`,
        img: `/assets/projects/vid/${stem}.jpg`,
        thumb: `/assets/projects/vid/${stem}.jpg`,
        width: 640,
        height: 360,
      })),
    );
    for (const row of videos) expect(fs.statSync(assetFile(dataDir, row.video!)).size).toBeGreaterThan(1000);
  });

  it('changes nothing when the seeds run again', async () => {
    const before = files.map((file) => [file, fs.statSync(path.join(dataDir, 'media', file)).mtimeMs]);
    expect(await runShowcaseSeed(db, dataDir)).toEqual({ ran: [], skipped: ['showcase'] });
    expect(await everything(db)).toEqual(seeded);
    expect(mediaFiles(dataDir).map((file) => [file, fs.statSync(path.join(dataDir, 'media', file)).mtimeMs])).toEqual(before);
  });
});

describe(`showcase seed without sample videos (${testDriver()})`, () => {
  const fresh = freshDatabase();

  it('still seeds, and the solar page names no video it does not have', async () => {
    const { database, dataDir } = fresh;
    const report = await runShowcaseSeed(database.handle.db, dataDir, { videoDir: path.join(dataDir, 'no-such-folder') });
    expect(report.ran).toEqual(['showcase']);
    const seeded = await everything(database.handle.db);
    expect(solarVideos(seeded)).toEqual([]);
    expect(mediaFiles(dataDir).filter((file) => file.startsWith(path.join('projects', 'vid')))).toEqual([]);
    // The rest of the solar page is there: patents and the acquisition.
    const solar = seeded.projects.find((row) => row.slug === 'solar')!;
    expect(solar.page.blocks.map((block) => block.kind)).toEqual(['text', 'links', 'text']);
  }, SEED_TIMEOUT_MS);
});

describe(`showcase seed failing (${testDriver()})`, () => {
  const fresh = freshDatabase();

  it('leaves no rows and none of its picture files behind, so the next start can try again cleanly', async () => {
    const { database, dataDir } = fresh;
    const db = database.handle.db;
    // A project already holding the solar slug makes the step's project insert fail after its videos were copied.
    const { card, page } = PROJECTS[0];
    await db.insert(projects).values({ ...card, page, position: 0 });
    // A file the step did not create stays.
    fs.mkdirSync(path.join(dataDir, 'media', 'gallery'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', 'gallery', 'owner-file.jpg'), 'mine');

    await expect(runShowcaseSeed(db, dataDir)).rejects.toThrow();
    expect(mediaFiles(dataDir)).toEqual([path.join('gallery', 'owner-file.jpg')]);
    expect(await db.select().from(siteProfile)).toEqual([]);
    expect(await db.select().from(careerHighlights)).toEqual([]);
    expect(await db.select().from(galleryItems)).toEqual([]);
  }, SEED_TIMEOUT_MS);
});
