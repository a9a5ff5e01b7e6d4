import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { AdminGalleryItem, GalleryItem, HealthResponse, SiteContent, TrendingUser } from '@atelier/contracts';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Response } from 'supertest';
import type { Database } from '../src/db/database';
import { galleryItems } from '../src/db/schema/gallery-items.table';
import { seedRuns } from '../src/db/schema/seed-runs.table';
import { users } from '../src/db/schema/users.table';
import { matrixNetworkSeed } from '../src/db/seed/matrix-network.seed';
import { queueSeedPictures } from '../src/db/seed/seed-pictures.service';
import { runSeeds } from '../src/db/seed/seeder';
import type { PictureBatch } from '../src/modules/media/pending-pictures';
import { assetFile, quietShowcaseSeed, SEED_TIMEOUT_MS } from './helpers/content';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { asBytes, createTestApp, type TestApp } from './helpers/test-app';
import { testDriver } from './helpers/test-database';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const sizeOf = async (response: Response) => {
  const { width, height, format } = await sharp(response.body as Buffer).metadata();
  return { width, height, format };
};

/*
 * A first start writes the seed's rows at once and draws their pictures after the server answers:
 * here the seed steps run on a live app as prepareDatabase runs them, and the pictures are queued
 * as a start queues them, but left undrawn until a request asks or the test lets the background go.
 */
describe(`seed pictures drawn after the first answer (${testDriver()})`, () => {
  const steps = [matrixNetworkSeed, quietShowcaseSeed()];
  let t: TestApp;
  let db: Database;
  let dataDir: string;
  let batch: PictureBatch;
  let gallery: GalleryItem[];
  const onDisk = (sitePath: string) => fs.existsSync(assetFile(dataDir, sitePath));
  /** The gallery's pictures, which the seed draws; its videos are copied. */
  const pictures = () => gallery.filter((item) => !item.video);

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    ({ dataDir } = t.config);
    db = t.database.handle.db;
    await runSeeds(db, steps, { dataDir });
    batch = await queueSeedPictures(db, steps, { dataDir });
  });
  afterAll(() => t.close());

  it('answers /api/health and the complete content while no seed picture is drawn', async () => {
    const health = (await t.http.get('/api/health').expect(200)).body as HealthResponse;
    expect(health.status).toBe('ok');
    gallery = (await t.http.get('/api/content/gallery').expect(200)).body as GalleryItem[];
    expect(gallery.length).toBeGreaterThanOrEqual(55);
    const site = (await t.http.get('/api/content/site').expect(200)).body as SiteContent;
    expect(site.profile.ownerName).toBe('Alex Morgan');
    expect(site.projects).toHaveLength(6);

    expect(batch.size).toBeGreaterThan(pictures().length); // the gallery, the showcase's other pictures, the members'
    // (A video's poster is a copied file, there at once.)
    const named = [...pictures().flatMap((item) => [item.img, item.thumb]), site.profile.photo, ...site.projects.map((project) => project.image)];
    expect(named.filter(onDisk)).toEqual([]);
  });

  it('draws a picture that is not drawn yet when it is asked for, as a file or as a resized variant', async () => {
    const [first, second, third] = pictures();
    const full = await asBytes(t.http.get(first.img)).expect(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(await sizeOf(full)).toEqual({ width: 768, height: 768, format: 'jpeg' });

    const variant = await asBytes(t.http.get(`${second.thumb}?w=248&fit=crop&auto=format&dpr=2`).set('Accept', 'image/webp,*/*')).expect(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(await sizeOf(variant)).toEqual({ width: 496, height: 496, format: 'webp' });

    const [guest] = await db.select({ picturePath: users.picturePath }).from(users).where(eq(users.email, 'guest@example.com'));
    const avatar = await asBytes(t.http.get(`/assets/users/${guest.picturePath}`)).expect(200);
    expect(await sizeOf(avatar)).toEqual({ width: 256, height: 256, format: 'png' });
    const [trending] = (await t.http.get('/api/content/trending').expect(200)).body as TrendingUser[];
    expect((await t.http.get(trending.picturePath).expect(200)).headers['content-type']).toBe('image/png');

    // Only what was asked for is drawn; a path no picture is drawn at is still missing.
    expect([first.img, second.img, second.thumb].every(onDisk)).toBe(true);
    expect(onDisk(third.img)).toBe(false);
    await t.http.get('/assets/gallery/no-such-picture.jpg').expect(404);
  });

  it('draws the rest in the background, records every gallery picture’s hash, and marks the steps done', async () => {
    batch.drawInBackground();
    expect(await batch.finished).toEqual({ drawn: batch.size, failed: 0 });

    const rows = await db.select().from(galleryItems);
    expect(rows.length).toBe(gallery.length);
    for (const row of rows) {
      expect(onDisk(row.thumb)).toBe(true);
      // A picture is known by its bytes, a video by its own (not its poster's), as uploads are.
      expect(row.contentHash).toBe(sha256(fs.readFileSync(assetFile(dataDir, row.video ?? row.img))));
    }
    // The CLI's import reads the hashes through the admin API, to skip pictures the site has.
    const listed = (await t.http.get('/api/admin/content/gallery').set(admin).expect(200)).body as AdminGalleryItem[];
    expect(listed.map((item) => item.contentHash)).toEqual(expect.arrayContaining(rows.map((row) => row.contentHash)));
    expect(listed.every((item) => /^[0-9a-f]{64}$/.test(item.contentHash ?? ''))).toBe(true);

    expect(await db.select({ name: seedRuns.name, pending: seedRuns.picturesPending }).from(seedRuns)).toEqual(
      expect.arrayContaining([
        { name: 'matrix-network', pending: false },
        { name: 'showcase', pending: false },
      ]),
    );
  }, SEED_TIMEOUT_MS);

  it('after a start stopped mid-way, draws again only what is missing or unrecorded, to the same bytes', async () => {
    const [missing, unrecorded, untouched] = await db.select().from(galleryItems).where(isNull(galleryItems.video)).limit(3);
    fs.rmSync(assetFile(dataDir, missing.thumb));
    await db.update(galleryItems).set({ contentHash: null }).where(eq(galleryItems.id, unrecorded.id));
    await db.update(seedRuns).set({ picturesPending: true }).where(eq(seedRuns.name, 'showcase'));
    const untouchedAt = fs.statSync(assetFile(dataDir, untouched.img)).mtimeMs;

    const resumed = await queueSeedPictures(db, steps, { dataDir });
    expect(resumed.size).toBe(2);
    resumed.drawInBackground();
    expect(await resumed.finished).toEqual({ drawn: 2, failed: 0 });

    expect(onDisk(missing.thumb)).toBe(true);
    const [again] = await db.select().from(galleryItems).where(eq(galleryItems.id, unrecorded.id));
    expect(again.contentHash).toBe(unrecorded.contentHash); // the drawing is deterministic: the CLI still recognises the file
    expect(fs.statSync(assetFile(dataDir, untouched.img)).mtimeMs).toBe(untouchedAt);
  }, SEED_TIMEOUT_MS);

  it('leaves a seed picture the owner removed alone once the step’s pictures are all drawn', async () => {
    const [removed] = await db.select().from(galleryItems).where(isNull(galleryItems.video)).limit(1);
    fs.rmSync(assetFile(dataDir, removed.img));
    expect((await queueSeedPictures(db, steps, { dataDir })).size).toBe(0);
    await t.http.get(removed.img).expect(404);
  });
});
