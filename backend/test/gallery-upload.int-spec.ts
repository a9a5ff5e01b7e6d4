import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
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

  describe('videos (POST /api/admin/content/gallery/upload/video)', () => {
    const clip = fs.readFileSync(path.resolve(__dirname, '../assets/videos/solar-shade-analysis.webm'));
    const uploadVideo = (files: { video?: Buffer; picture?: Buffer }, fields: Record<string, string> = { title: 'Atelier Procedural v1', author: '@ada' }) => {
      const call = t.http.post('/api/admin/content/gallery/upload/video').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
      for (const [name, value] of Object.entries(fields)) void call.field(name, value);
      if (files.video) void call.attach('video', files.video, 'clip.webm');
      if (files.picture) void call.attach('picture', files.picture, 'poster.png');
      return call;
    };

    it('stores the video as sent and its poster as picture and thumbnail; the public gallery lists it with its video', async () => {
      const poster = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#224466' } }).png().toBuffer();
      const res = await uploadVideo({ video: clip, picture: poster }).expect(201);
      expect(res.body).toMatchObject({ width: 640, height: 360, contentHash: createHash('sha256').update(clip).digest('hex') });
      expect(res.body.video).toMatch(/^\/assets\/gallery\/videos\/[0-9a-f]{32}\.webm$/);
      expect(res.body.img).toMatch(/^\/assets\/gallery\/[0-9a-f]{32}\.png$/);
      expect(res.body.thumb).toBe(res.body.img);

      const served = await t.http.get(res.body.video).expect(200);
      expect(served.headers['content-type']).toMatch(/^video\/webm/);
      expect(Buffer.compare(served.body as Buffer, clip)).toBe(0);
      const gallery = await t.http.get('/api/content/gallery').expect(200);
      expect(gallery.body.at(-1)).toMatchObject({ id: res.body.id, video: res.body.video, img: res.body.img });

      const again = await uploadVideo({ video: clip, picture: poster }).expect(409);
      expect(again.body.details).toEqual([{ field: 'video', message: 'is already in the gallery' }]);
    });

    it('refuses a video that is not WebM or MP4, a missing poster or video, and a poster that is not a picture, storing nothing', async () => {
      const poster = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#000000' } }).jpeg().toBuffer();
      const filesBefore = fs.readdirSync(path.join(t.config.dataDir, 'media', 'gallery'), { recursive: true }).length;
      const other = Buffer.concat([clip.subarray(0, 100), Buffer.from('x')]); // a different hash, still WebM

      const notVideo = await uploadVideo({ video: poster, picture: poster }).expect(415);
      expect(notVideo.body.details).toEqual([{ field: 'video', message: 'is not a WebM or MP4 video' }]);
      expect((await uploadVideo({ video: other }).expect(400)).body.details).toEqual([{ field: 'picture', message: 'is required' }]);
      expect((await uploadVideo({ picture: poster }).expect(400)).body.details).toEqual([{ field: 'video', message: 'is required' }]);
      expect((await uploadVideo({ video: other, picture: Buffer.from('no picture') }).expect(415)).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect((await uploadVideo({ video: other, picture: poster }, { author: '@ada' }).expect(400)).body.details).toEqual([
        expect.objectContaining({ field: 'title' }),
      ]);

      expect(fs.readdirSync(path.join(t.config.dataDir, 'media', 'gallery'), { recursive: true }).length).toBe(filesBefore);
    });
  });

  describe('content files (POST /api/admin/content/files/picture|video): any field\'s picture or video from the owner\'s disk', () => {
    const send = (kind: 'picture' | 'video', file: Buffer | null, token = ADMIN_TOKEN) => {
      const call = t.http.post(`/api/admin/content/files/${kind}`).set('Authorization', `Bearer ${token}`);
      return file ? call.attach(kind, file, `cover.${kind === 'picture' ? 'png' : 'webm'}`) : call;
    };

    it('stores a picture re-encoded under /assets/content, answers its path and size, and serves it for good', async () => {
      const res = await send('picture', picture).expect(201);
      expect(res.body).toEqual({ path: expect.stringMatching(/^\/assets\/content\/[0-9a-f]{32}\.png$/), width: 900, height: 600 });
      const served = await t.http.get(res.body.path).expect(200);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 900, height: 600 });
    });

    it('stores a WebM or MP4 video as sent, and refuses what is neither, a missing file and a wrong token', async () => {
      const clip = fs.readFileSync(path.resolve(__dirname, '../assets/videos/solar-shade-analysis.webm'));
      const res = await send('video', clip).expect(201);
      expect(res.body).toEqual({ path: expect.stringMatching(/^\/assets\/content\/[0-9a-f]{32}\.webm$/) });
      expect(Buffer.compare((await t.http.get(res.body.path).expect(200)).body as Buffer, clip)).toBe(0);

      expect((await send('video', picture).expect(415)).body.details).toEqual([{ field: 'video', message: 'is not a WebM or MP4 video' }]);
      expect((await send('picture', Buffer.from('<svg onload=alert(1)>')).expect(415)).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect((await send('picture', null).expect(400)).body.details).toEqual([{ field: 'picture', message: 'is required' }]);
      await send('picture', picture, 'wrong-token-0123456789-0123').expect(401);
    });
  });
});
