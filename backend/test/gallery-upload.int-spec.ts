import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ADMIN_TOKEN } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';

// POST /api/admin/content/gallery/upload: what `atelier gallery import` sends for each picture.
describe('gallery uploads (admin)', () => {
  let t: TestApp;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } }).png().toBuffer();
  });
  afterAll(() => t.close());

  const upload = (file: Buffer | null, fields: Record<string, string>, token = ADMIN_TOKEN) => {
    const call = t.http.post('/api/admin/content/gallery/upload').set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(fields)) void call.field(name, value);
    return file ? call.attach('picture', file, 'sunset.png') : call;
  };

  it('stores the picture and a square thumbnail, known by the SHA-256 of the bytes sent', async () => {
    const res = await upload(picture, { title: 'Stable Diffusion 1.5', author: '@ada' }).expect(201);
    const hash = createHash('sha256').update(picture).digest('hex');
    expect(res.body).toMatchObject({ title: 'Stable Diffusion 1.5', author: '@ada', width: 900, height: 600, contentHash: hash });
    expect(res.body.img).toMatch(/^\/assets\/gallery\/[0-9a-f]{32}\.png$/);
    expect(res.body.thumb).toMatch(/^\/assets\/gallery\/thumbs\/[0-9a-f]{32}\.jpg$/);

    const full = await t.http.get(res.body.img).expect(200);
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({ width: 900, height: 600 });
    const thumb = await t.http.get(res.body.thumb).expect(200);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 496, height: 496 });
    const gallery = await t.http.get('/api/content/gallery').expect(200);
    expect(gallery.body.at(-1)).toMatchObject({ id: res.body.id, title: 'Stable Diffusion 1.5' });
  });

  it('refuses the same picture again with 409, adding nothing', async () => {
    const before = (await t.http.get('/api/content/gallery').expect(200)).body.length;
    const res = await upload(picture, { title: 'Again', author: '@ada' }).expect(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', details: [{ field: 'picture', message: 'is already in the gallery' }] });
    expect((await t.http.get('/api/content/gallery').expect(200)).body).toHaveLength(before);
  });

  it('names what is missing or wrong, and refuses a file that is not a picture', async () => {
    const other = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const noTitle = await upload(other, { author: '@ada' }).expect(400);
    expect(noTitle.body.details).toEqual([expect.objectContaining({ field: 'title' })]);
    const noFile = await upload(null, { title: 'x', author: 'y' }).expect(400);
    expect(noFile.body.details).toEqual([{ field: 'picture', message: 'is required' }]);
    const notPicture = await upload(Buffer.from('<?php echo 1; ?>'), { title: 'x', author: 'y' }).expect(415);
    expect(notPicture.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await upload(other, { title: 'x', author: 'y' }, 'wrong-token-0123456789-0123').expect(401);
  });
});
