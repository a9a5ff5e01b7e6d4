import * as fs from 'node:fs';
import type { SiteProfile } from '@atelier/contracts';
import sharp from 'sharp';
import { mediaFileOf } from '../src/modules/media/media-paths';
import { runShowcaseSeed, SEED_TIMEOUT_MS } from './helpers/content';
import { ADMIN_TOKEN } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';

// POST /api/admin/content/site/photo: the profile card's photo, as `atelier setup` sends it. (What
// any upload may carry, bombs and disguised files included, is upload-corpus.int-spec's.)
describe('profile photo upload (admin)', () => {
  let t: TestApp;
  let seededPhoto: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    await runShowcaseSeed(t.database.handle.db, t.config.dataDir);
    seededPhoto = ((await t.http.get('/api/content/site').expect(200)).body as { profile: SiteProfile }).profile.photo;
  }, SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  const upload = (file: Buffer | null, token = ADMIN_TOKEN) => {
    const call = t.http.post('/api/admin/content/site/photo').set('Authorization', `Bearer ${token}`);
    return file ? call.attach('picture', file, 'me.jpg') : call;
  };
  const photoOnCard = async () => ((await t.http.get('/api/content/site').expect(200)).body as { profile: SiteProfile }).profile.photo;
  const picture = (colour: string, side = 1600) => sharp({ create: { width: side, height: side, channels: 3, background: colour } }).jpeg().toBuffer();

  it('stores the photo re-encoded at most 720 px, and the card shows it; the seeded photo stays on disk', async () => {
    const res = await upload(await picture('#336699')).expect(200);
    const photo = (res.body as SiteProfile).photo;
    expect(photo).toMatch(/^\/assets\/img\/profile-[0-9a-f]{32}\.jpg$/);
    expect(await photoOnCard()).toBe(photo);
    const served = await t.http.get(photo).expect(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 720, height: 720, format: 'jpeg' });
    expect(fs.existsSync(mediaFileOf(t.config.dataDir, seededPhoto))).toBe(true);
  });

  it('removes the photo it replaces when that one was an upload too', async () => {
    const first = (await upload(await picture('#aa3300', 300)).expect(200)).body as SiteProfile;
    const second = (await upload(await picture('#00aa33', 300)).expect(200)).body as SiteProfile;
    expect(second.photo).not.toBe(first.photo);
    expect(fs.existsSync(mediaFileOf(t.config.dataDir, first.photo))).toBe(false);
    expect(fs.existsSync(mediaFileOf(t.config.dataDir, second.photo))).toBe(true);
  });

  it('refuses no file (400), a file that is not a picture (415) and a wrong token (401), changing nothing', async () => {
    const before = await photoOnCard();
    const files = () => fs.readdirSync(mediaFileOf(t.config.dataDir, '/assets/img')).sort();
    const filesBefore = files();

    expect((await upload(null).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'picture', message: 'is required' }] });
    expect((await upload(Buffer.from('<svg onload=alert(1)>')).expect(415)).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await upload(await picture('#ffffff', 64), 'wrong-token-0123456789-0123').expect(401);

    expect(await photoOnCard()).toBe(before);
    expect(files()).toEqual(filesBefore);
  });
});
