import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { EXAMPLE_IMAGE_COUNTS, type AdminGenerationExample, type GenerationExamples } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { generationExamples } from '../src/db/schema/generation-examples.table';
import { seedRuns } from '../src/db/schema/seed-runs.table';
import { generationExamplesSeed } from '../src/db/seed/generation-examples.seed';
import { runSeeds } from '../src/db/seed/seeder';
import { EXAMPLE_PROMPTS } from '../src/modules/generation/examples/built-in-examples';
import { ExamplesService } from '../src/modules/generation/examples/examples.service';
import { mediaFileOf } from '../src/modules/media/media-paths';
import { pendingPicturesFor } from '../src/modules/media/pending-pictures';
import { mediaFiles } from './helpers/content';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const BUILT_IN_MODEL = 'Atelier Procedural v1';

// The Forge and Dream pages' example pictures: content rows the seed writes, each with the model
// that made it (GET /api/generation/examples), replaced and restored by the owner
// (/api/admin/examples, `atelier examples`).
describe('generation examples', () => {
  let t: TestApp;
  const onDisk = (sitePath: string) => fs.existsSync(mediaFileOf(t.config.dataDir, sitePath));

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    // As a start does: the seed's rows, then the service queues the pictures they name.
    await runSeeds(t.database.handle.db, [generationExamplesSeed], { dataDir: t.config.dataDir });
    await t.app.get(ExamplesService).queueBuiltInPictures();
  });
  afterAll(() => t.close());

  const examples = async () => (await t.http.get('/api/generation/examples').expect(200)).body as GenerationExamples;
  const adminList = async () => (await t.http.get('/api/admin/examples').set(admin).expect(200)).body as AdminGenerationExample[];
  const picture = (width: number, height: number, background = '#3366cc') =>
    sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
  const upload = (place: string, file: Buffer | null, fields: Record<string, string>, token = ADMIN_TOKEN) => {
    const call = t.http.post(`/api/admin/examples/${place}`).set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(fields)) void call.field(name, value);
    return file ? call.attach('picture', file, 'render.png') : call;
  };

  it('lists five Forge and nine Dream examples, each with its prompt and the model that made it', async () => {
    const answer = await examples();
    expect(Object.keys(answer)).toEqual(['forge', 'dream']);
    for (const page of ['forge', 'dream'] as const) {
      expect(answer[page]).toHaveLength(EXAMPLE_IMAGE_COUNTS[page]);
      answer[page].forEach((example, index) =>
        expect(example).toEqual({
          position: index + 1,
          url: `/assets/examples/${page}-${index + 1}.png`,
          prompt: EXAMPLE_PROMPTS[page][index],
          model: BUILT_IN_MODEL,
          width: 768,
          height: 768,
        }),
      );
    }
    // Rows only: nothing is drawn until a picture is asked for.
    expect(mediaFiles(t.config.dataDir).filter((file) => file.startsWith('examples'))).toEqual([]);
  });

  it('serves each built-in picture from the API and /assets, drawn once when first asked for, and 404 past them', async () => {
    for (const [page, count] of [['forge', 5], ['dream', 9]] as const) {
      const last = await t.http.get(`/api/generation/examples/${page}/${count}`).expect(200).expect('content-type', 'image/png');
      await expect(sharp(last.body as Buffer).metadata()).resolves.toMatchObject({ width: 768, height: 768 });
      await t.http.get(`/api/generation/examples/${page}/${count + 1}`).expect(404);
      await t.http.get(`/api/generation/examples/${page}/0`).expect(404);
    }
    await t.http.get('/api/generation/examples/other/1').expect(404);
    await t.http.get('/api/generation/examples/forge/one').expect(404);

    const resized = await t.http.get('/assets/examples/forge-3.png?w=360&auto=format').set('Accept', 'image/webp').expect(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    await expect(sharp(resized.body as Buffer).metadata()).resolves.toMatchObject({ width: 360, height: 360 });
    await t.http.get('/assets/examples/forge-6.png?w=360').expect(404);

    const fromApi = await t.http.get('/api/generation/examples/forge/4').expect(200);
    // The picture queued at start is the one that was drawn: nothing is left to draw for /assets.
    expect(pendingPicturesFor(t.config.dataDir).whenDrawn(mediaFileOf(t.config.dataDir, '/assets/examples/forge-4.png'))).toBeUndefined();
    const fromAssets = await t.http.get('/assets/examples/forge-4.png').expect(200);
    expect(Buffer.compare(fromApi.body as Buffer, fromAssets.body as Buffer)).toBe(0);

    // Each drawn picture's hash is recorded in its row, just after the file is written (the picture
    // is served without waiting for that write); the others have none yet.
    const forge4Of = (examples: AdminGenerationExample[]) => examples.find((example) => example.page === 'forge' && example.position === 4);
    let listed = await adminList();
    for (const deadline = Date.now() + 5_000; forge4Of(listed)?.contentHash === null && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await adminList();
    }
    const forge4 = forge4Of(listed);
    expect(forge4).toMatchObject({ builtIn: true, contentHash: sha256(fromAssets.body as Buffer) });
    expect(listed.find((example) => example.page === 'forge' && example.position === 1)?.contentHash).toBeNull();
  });

  it("replaces an example with the owner's picture, re-encoded and named anew, and the public list names its model", async () => {
    const sent = await picture(2000, 1000);
    const res = await upload('forge/2', sent, { model: ' SDXL 1.0 ', prompt: 'a red fox in the snow' }).expect(200);
    const replaced = res.body as AdminGenerationExample;
    expect(replaced).toMatchObject({
      page: 'forge',
      position: 2,
      model: 'SDXL 1.0',
      prompt: 'a red fox in the snow',
      width: 1536,
      height: 768,
      builtIn: false,
      contentHash: sha256(sent),
    });
    expect(replaced.url).toMatch(/^\/assets\/examples\/[0-9a-f]{32}\.png$/);
    expect((await examples()).forge[1]).toEqual({ position: 2, url: replaced.url, prompt: 'a red fox in the snow', model: 'SDXL 1.0', width: 1536, height: 768 });
    const served = await t.http.get(replaced.url).expect(200);
    await expect(sharp(served.body as Buffer).metadata()).resolves.toMatchObject({ width: 1536, height: 768, format: 'png' });
    const api = await t.http.get('/api/generation/examples/forge/2').expect(200).expect('content-type', 'image/png');
    expect(Buffer.compare(api.body as Buffer, served.body as Buffer)).toBe(0);

    // Another picture takes its place: the first upload is removed, and without a prompt none is claimed.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();
    const again = (await upload('forge/2', jpeg, { model: 'Stable Diffusion 1.5' }).expect(200)).body as AdminGenerationExample;
    expect(again).toMatchObject({ model: 'Stable Diffusion 1.5', prompt: null, width: 300, height: 300 });
    expect(again.url).toMatch(/^\/assets\/examples\/[0-9a-f]{32}\.jpg$/);
    expect(onDisk(replaced.url)).toBe(false);
    expect(onDisk(again.url)).toBe(true);
    await t.http.get('/api/generation/examples/forge/2').expect(200).expect('content-type', 'image/jpeg');
  });

  it("restores the built-in example: Atelier's picture and model again, the owner's file removed", async () => {
    const sent = await picture(500, 500, '#119955');
    const replaced = (await upload('dream/9', sent, { model: 'FLUX.1 [dev]' }).expect(200)).body as AdminGenerationExample;
    const res = await t.http.post('/api/admin/examples/dream/9/reset').set(admin).expect(200);
    expect(res.body).toMatchObject({
      page: 'dream',
      position: 9,
      url: '/assets/examples/dream-9.png',
      model: BUILT_IN_MODEL,
      prompt: EXAMPLE_PROMPTS.dream[8],
      builtIn: true,
      // Drawn before (the previous test asked for it): known by its bytes at once.
      contentHash: sha256(fs.readFileSync(mediaFileOf(t.config.dataDir, '/assets/examples/dream-9.png'))),
    });
    expect(onDisk(replaced.url)).toBe(false);
    expect((await examples()).dream[8]).toMatchObject({ url: '/assets/examples/dream-9.png', model: BUILT_IN_MODEL });

    // A built-in one never drawn is drawn when asked for after a reset too.
    await upload('dream/1', sent, { model: 'FLUX.1 [dev]' }).expect(200);
    await t.http.post('/api/admin/examples/dream/1/reset').set(admin).expect(200);
    await t.http.get('/assets/examples/dream-1.png?w=360').expect(200);
  });

  it('refuses a wrong page or position (404), a missing or too long model, no file, unknown fields (400), a file that is not a picture (415) and a wrong token (401), changing nothing', async () => {
    const before = await adminList();
    const filesBefore = mediaFiles(t.config.dataDir);
    const good = await picture(64, 64, '#ffffff');

    const wrongPage = await upload('gallery/1', good, { model: 'SDXL 1.0' }).expect(404);
    expect(wrongPage.body).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'page', message: 'must be one of forge, dream' }] });
    expect(wrongPage.body.message).toMatch(/forge 1-5, dream 1-9/);
    for (const position of ['0', '6', 'two', '1.5']) {
      const res = await upload(`forge/${position}`, good, { model: 'SDXL 1.0' }).expect(404);
      expect(res.body.details).toEqual([{ field: 'position', message: 'must be a whole number from 1 to 5' }]);
    }
    await t.http.post('/api/admin/examples/dream/10/reset').set(admin).expect(404);

    expect((await upload('forge/1', good, {}).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'model', message: 'required' }] });
    expect((await upload('forge/1', good, { model: '   ' }).expect(400)).body.details).toEqual([{ field: 'model', message: 'required' }]);
    expect((await upload('forge/1', good, { model: 'x'.repeat(121) }).expect(400)).body.details).toEqual([
      { field: 'model', message: 'must be at most 120 characters' },
    ]);
    expect((await upload('forge/1', good, { model: 'SDXL 1.0', seed: '7' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await upload('forge/1', null, { model: 'SDXL 1.0' }).expect(400)).body.details).toEqual([{ field: 'picture', message: 'is required' }]);
    const notPicture = await upload('forge/1', Buffer.from('<svg onload=alert(1)>'), { model: 'SDXL 1.0' }).expect(415);
    expect(notPicture.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'picture' }] });
    await upload('forge/1', good, { model: 'SDXL 1.0' }, 'wrong-token-0123456789-0123').expect(401);
    await t.http.get('/api/admin/examples').expect(401);
    await t.http.post('/api/admin/examples/forge/1/reset').expect(401);

    expect(await adminList()).toEqual(before);
    expect(mediaFiles(t.config.dataDir)).toEqual(filesBefore);
  });

  it('gives an install from before examples were rows its rows at the next start, keeping the pictures it drew', async () => {
    const db = t.database.handle.db;
    // The step ran once: a second start skips it, and the owner's replacement stays.
    await upload('forge/5', await picture(80, 80, '#222222'), { model: 'SDXL 1.0' }).expect(200);
    expect(await runSeeds(db, [generationExamplesSeed], { dataDir: t.config.dataDir })).toEqual({ ran: [], skipped: ['generation-examples'] });
    expect((await examples()).forge[4].model).toBe('SDXL 1.0');

    // An older install: no rows, and the step not run, but pictures drawn at the built-in paths.
    const drawn = fs.readFileSync(mediaFileOf(t.config.dataDir, '/assets/examples/forge-4.png'));
    await db.delete(generationExamples);
    await db.delete(seedRuns).where(eq(seedRuns.name, 'generation-examples'));
    expect(await runSeeds(db, [generationExamplesSeed], { dataDir: t.config.dataDir })).toEqual({ ran: ['generation-examples'], skipped: [] });
    await t.app.get(ExamplesService).queueBuiltInPictures();
    const [row] = await db.select().from(generationExamples).where(eq(generationExamples.picture, '/assets/examples/forge-4.png'));
    expect(row).toMatchObject({ model: BUILT_IN_MODEL, contentHash: sha256(drawn) });
    expect((await examples()).forge).toHaveLength(5);
  });
});
