import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Post } from '@atelier/contracts';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { posts } from '../src/db/schema/posts.table';
import { asBytes, createTestApp, type TestApp } from './helpers/test-app';
import { GIF_FIXTURE, jpegFixture, pngFixture, registerMember, storedFiles, type TestMember } from './helpers/members';

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Random pixels barely compress: a real PNG of roughly width * height * 3 bytes. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Fetches a served upload as raw bytes. */
function fetchAsset(t: TestApp, url: string) {
  return asBytes(t.http.get(url));
}

/**
 * Attachment options that make the client send `name` verbatim: form-data cuts a `filename` to its
 * base name but keeps a `filepath` whole (superagent's types only list `filename`).
 */
const verbatimName = (name: string) => ({ filepath: name, contentType: 'image/png' }) as { filename?: string; contentType?: string };

const countPosts = async (t: TestApp) => (await t.database.handle.db.select({ id: posts.id }).from(posts)).length;

describe('post pictures', () => {
  let t: TestApp;
  let ada: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await registerMember(t);
  });
  afterAll(() => t.close());

  /** Posts a picture and answers the new post (first on the page the API answers). */
  async function postPicture(file: Buffer, name: string, description = `picture ${name}`): Promise<Post> {
    const res = await t.http.post('/api/posts').set(ada.auth).field('description', description).attach('picture', file, name).expect(201);
    expect(res.body[0]).toMatchObject({ userId: ada.id, description });
    return res.body[0];
  }

  describe('accepted', () => {
    it('stores a PNG under a generated name and serves it for good', async () => {
      const post = await postPicture(await pngFixture(64, 48), 'holiday.png');
      expect(post.picturePath).toMatch(STORED_NAME);
      expect(post.picturePath).toMatch(/\.png$/);
      expect(storedFiles(t, 'posts')).toContain(post.picturePath);

      const served = await fetchAsset(t, `/assets/posts/${post.picturePath}`).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toMatch(/\bimmutable\b/);
      expect(served.headers['cache-control']).toMatch(/max-age=\d{7,}/);
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
    });

    it('stores a JPEG as .jpg without its EXIF metadata', async () => {
      const original = await jpegFixture(80, 60);
      expect(original.includes('fixture-exif-marker')).toBe(true); // the fixture does carry it

      const post = await postPicture(original, 'camera.jpeg');
      expect(post.picturePath).toMatch(STORED_NAME);
      expect(post.picturePath).toMatch(/\.jpg$/);

      const served = await fetchAsset(t, `/assets/posts/${post.picturePath}`).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toMatch(/\bimmutable\b/);
      const bytes = served.body as Buffer;
      expect(bytes.includes('fixture-exif-marker')).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
      expect(meta.exif).toBeUndefined();
    });

    it('names the stored file after the content, not the client’s name or MIME type', async () => {
      const res = await t.http
        .post('/api/posts')
        .set(ada.auth)
        .field('description', 'a PNG that calls itself a JPEG')
        .attach('picture', await pngFixture(), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(201);
      expect(res.body[0].picturePath).toMatch(/^[0-9a-f]{32}\.png$/);
    });

    it('ignores a picturePath form field naming some other file', async () => {
      const res = await t.http
        .post('/api/posts')
        .set(ada.auth)
        .field('description', 'client sends its own name')
        .field('picturePath', 'my-own-name.png')
        .attach('picture', await pngFixture(), 'my-own-name.png')
        .expect(201);
      expect(res.body[0].picturePath).toMatch(STORED_NAME);
      expect(storedFiles(t, 'posts')).not.toContain('my-own-name.png');
    });

    it.each([
      ['3000x1000', 3000, 1000, 2048, 683],
      ['1000x3000', 1000, 3000, 683, 2048],
    ])('scales a %s image to fit within 2048px, keeping its proportions', async (_size, width, height, fitWidth, fitHeight) => {
      const big = await pngFixture(width, height);
      const post = await postPicture(big, 'panorama.png');
      const stored = path.join(t.config.dataDir, 'media', 'posts', post.picturePath ?? '');
      const meta = await sharp(fs.readFileSync(stored)).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2048);
      expect(meta.width).toBeCloseTo(fitWidth, -1);
      expect(meta.height).toBeCloseTo(fitHeight, -1);
    });

    it('does not enlarge small images', async () => {
      const post = await postPicture(await pngFixture(20, 10), 'tiny.png');
      const served = await fetchAsset(t, `/assets/posts/${post.picturePath}`).expect(200);
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 20, height: 10 });
    });

    it('removes the picture file with the post', async () => {
      const post = await postPicture(await pngFixture(), 'short-lived.png');
      expect(storedFiles(t, 'posts')).toContain(post.picturePath);
      await t.http.delete(`/api/posts/${post._id}`).set(ada.auth).expect(204);
      expect(storedFiles(t, 'posts')).not.toContain(post.picturePath);
      await t.http.get(`/assets/posts/${post.picturePath}`).expect(404);
    });
  });

  describe('refused', () => {
    interface Refusal {
      name: string;
      request(): Promise<Response>;
      status: number;
      code: string;
      message: RegExp;
      /** The field the details must name. */
      field: string;
    }

    const post = () => t.http.post('/api/posts').set(ada.auth).field('description', 'should not be stored');
    const png = { contentType: 'image/png' };

    const refusals: Refusal[] = [
      {
        name: 'a PHP script renamed .png',
        request: async () => post().attach('picture', Buffer.from('<?php system($_GET["c"]); ?>'), { filename: 'shell.png', ...png }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: /JPEG or PNG/,
        field: 'picture',
      },
      {
        name: 'an HTML file renamed .png',
        request: async () =>
          post().attach('picture', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), { filename: 'page.png', ...png }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: /JPEG or PNG/,
        field: 'picture',
      },
      {
        name: 'a GIF',
        request: async () => post().attach('picture', GIF_FIXTURE, { filename: 'anim.gif', contentType: 'image/gif' }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: /JPEG or PNG/,
        field: 'picture',
      },
      {
        name: 'a PNG signature followed by garbage',
        request: async () => post().attach('picture', Buffer.concat([PNG_SIGNATURE, randomBytes(4096)]), { filename: 'broken.png', ...png }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: /could not be read as an image/,
        field: 'picture',
      },
      {
        name: 'a 20 MB file',
        request: async () =>
          post().attach('picture', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(20 * 1024 * 1024)]), { filename: 'huge.png', ...png }),
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: /larger than 5 MiB/,
        field: 'picture',
      },
      {
        name: 'a file name with a parent reference (../evil.png)',
        request: async () => post().attach('picture', await pngFixture(), verbatimName('../evil.png')),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /picture/,
        field: 'picture',
      },
      {
        name: 'a file name with a directory (dir/x.png)',
        request: async () => post().attach('picture', await pngFixture(), verbatimName('dir/x.png')),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /picture/,
        field: 'picture',
      },
      {
        name: 'a picturePath field with path characters',
        request: async () => post().field('picturePath', '../../etc/passwd').attach('picture', await pngFixture(), 'fine.png'),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /picturePath/,
        field: 'picturePath',
      },
      {
        name: 'a second file',
        request: async () => post().attach('picture', await pngFixture(), 'one.png').attach('picture', await pngFixture(), 'two.png'),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /one file/,
        field: 'picture',
      },
      {
        name: 'a file in the wrong field',
        request: async () => post().attach('photo', await pngFixture(), 'photo.png'),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /"picture" field/,
        field: 'photo',
      },
      {
        name: 'a good picture with a missing description',
        request: async () => t.http.post('/api/posts').set(ada.auth).attach('picture', await pngFixture(), 'good.png'),
        status: 400,
        code: 'VALIDATION_FAILED',
        message: /description required/,
        field: 'description',
      },
    ];

    it.each(refusals.map((refusal) => [refusal.name, refusal] as const))(
      'refuses %s with a clear error, storing no post and no file',
      async (_name, refusal) => {
        const postsBefore = await countPosts(t);
        const filesBefore = storedFiles(t, 'posts');

        const res = await refusal.request();
        expect({ status: res.status, code: res.body.code }).toEqual({ status: refusal.status, code: refusal.code });
        expect(res.body.statusCode).toBe(refusal.status);
        expect(res.body.message).toMatch(refusal.message);
        expect(res.body.details).toEqual(expect.arrayContaining([{ field: refusal.field, message: expect.any(String) }]));

        expect(await countPosts(t)).toBe(postsBefore);
        expect(storedFiles(t, 'posts')).toEqual(filesBefore);
      },
    );
  });
});

// A separate app, for its own upload limit.
describe('post pictures with UPLOAD_MAX_BYTES=10000', () => {
  let t: TestApp;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: '10000' });
    bob = await registerMember(t);
  });
  afterAll(() => t.close());

  it('refuses a 20 KB PNG with 413, naming the limit', async () => {
    const picture = await noisyPng(90, 80);
    expect(picture.length).toBeGreaterThan(15_000);
    expect(picture.length).toBeLessThan(30_000);
    const postsBefore = await countPosts(t);

    const res = await t.http
      .post('/api/posts')
      .set(bob.auth)
      .field('description', 'too big here')
      .attach('picture', picture, 'noise.png')
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'picture', message: expect.any(String) }] });
    expect(res.body.message).toMatch(/10,?000 bytes/);
    expect(res.body.details[0].message).toMatch(/10,?000 bytes/);
    expect(await countPosts(t)).toBe(postsBefore);
    expect(storedFiles(t, 'posts')).toEqual([]);
  });

  it('still accepts a picture under the limit', async () => {
    const picture = await pngFixture(64, 48);
    expect(picture.length).toBeLessThan(10_000);
    const res = await t.http.post('/api/posts').set(bob.auth).field('description', 'small enough').attach('picture', picture, 'small.png').expect(201);
    expect(res.body[0].picturePath).toMatch(STORED_NAME);
    expect(storedFiles(t, 'posts')).toEqual([res.body[0].picturePath]);
  });
});
