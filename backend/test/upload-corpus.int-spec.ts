import * as fs from 'node:fs';
import * as path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { galleryItems } from '../src/db/schema/gallery-items.table';
import { posts } from '../src/db/schema/posts.table';
import { users } from '../src/db/schema/users.table';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { registerMember, registrationFields, type TestMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';
import { endsAtImageEnd, multipartBody, solidPng, UPLOAD_CORPUS, type UploadCase } from './helpers/upload-corpus';

// Every endpoint that takes an uploaded file, against the whole upload corpus: a refused file gets a
// 4xx JSON error a person can act on and leaves no row and no file behind; an accepted one is stored
// re-encoded, under a name the server chose, inside the media folder, with nothing smuggled along.

/** Stored names are generated: 32 hex characters and the extension of the re-encoded format. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;
const EXTENSION = { png: 'png', jpeg: 'jpg' } as const;

/**
 * A safety bound, far from any performance target: refusing from the header takes milliseconds,
 * while decoding the bombs takes seconds and (interlaced) some 400 MB on this machine.
 */
const BOMB_ANSWER_MS = 5_000;
const BOMB_MEMORY_GROWTH = 200 * 1024 * 1024;

type CountedTable = 'users' | 'posts' | 'gallery';

interface UploadEndpoint {
  name: string;
  path: string;
  /** The table an accepted upload adds a row to; also the media folder its picture goes to. */
  table: CountedTable;
  headers(): Record<string, string>;
  fields(): Record<string, string>;
  /** The URLs of the stored picture(s) an accepted upload answers with. */
  storedUrls(body: unknown): string[];
}

interface Snapshot {
  rows: Record<CountedTable, number>;
  /** Every file and folder under DATA_DIR, relative to it (folders end with "/"). */
  entries: string[];
}

function listTree(root: string, relative = ''): string[] {
  const folder = path.join(root, relative);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      return entry.isDirectory() ? [`${child}/`, ...listTree(root, child)] : [child];
    })
    .sort();
}

/** The largest resident set seen while `work` runs, sampled every few milliseconds. */
async function peakMemoryWhile<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe('upload corpus on every upload endpoint', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    member = await registerMember(t);
  });
  afterAll(() => t.close());

  const endpoints: UploadEndpoint[] = [
    {
      name: 'POST /api/auth/register',
      path: '/api/auth/register',
      table: 'users',
      headers: () => ({}),
      fields: () => registrationFields(),
      storedUrls: (body) => [`/assets/users/${(body as { picturePath: string }).picturePath}`],
    },
    {
      name: 'POST /api/posts',
      path: '/api/posts',
      table: 'posts',
      headers: () => member.auth,
      fields: () => ({ description: 'a post with a picture' }),
      storedUrls: (body) => [`/assets/posts/${(body as Array<{ picturePath: string }>)[0].picturePath}`],
    },
    {
      name: 'POST /api/admin/content/gallery/upload',
      path: '/api/admin/content/gallery/upload',
      table: 'gallery',
      headers: () => admin,
      fields: () => ({ title: 'Stable Diffusion 1.5', author: '@corpus' }),
      storedUrls: (body) => [(body as { img: string }).img, (body as { thumb: string }).thumb],
    },
  ];

  async function snapshot(): Promise<Snapshot> {
    const { db } = t.database.handle;
    const [[usersRow], [postsRow], [galleryRow]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(posts),
      db.select({ n: count() }).from(galleryItems),
    ]);
    return { rows: { users: usersRow.n, posts: postsRow.n, gallery: galleryRow.n }, entries: listTree(t.config.dataDir) };
  }

  async function send(endpoint: UploadEndpoint, upload: UploadCase): Promise<{ res: Response; ms: number; memoryGrowth: number }> {
    const { contentType, body } = multipartBody(endpoint.fields(), {
      field: 'picture',
      fileName: upload.fileName,
      contentType: upload.contentType,
      bytes: await upload.bytes(),
    });
    const started = Date.now();
    const { result: res, growth } = await peakMemoryWhile(async () =>
      t.http.post(endpoint.path).set(endpoint.headers()).set('Content-Type', contentType).send(body),
    );
    return { res, ms: Date.now() - started, memoryGrowth: growth };
  }

  /** Files a client-chosen path would have reached, had it been used as one. */
  function pathsTheNameAimsAt(endpoint: UploadEndpoint, fileName: string): string[] {
    const asPath = fileName.replace(/\\/g, '/');
    if (!asPath.includes('/')) return [];
    const mediaFolder = path.join(t.config.dataDir, 'media', endpoint.table);
    return [path.resolve(mediaFolder, asPath), path.resolve(asPath)];
  }

  describe.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))('%s', (_name, endpoint) => {
    const refusals = UPLOAD_CORPUS.filter((upload) => upload.expected.outcome === 'refused');
    const acceptances = UPLOAD_CORPUS.filter((upload) => upload.expected.outcome === 'accepted');

    it.each(refusals.map((upload) => [`${upload.group}: ${upload.name}`, upload] as const))(
      'refuses %s with a 4xx JSON error, storing nothing',
      async (_caseName, upload) => {
        if (upload.expected.outcome !== 'refused') throw new Error('a refusal case');
        const before = await snapshot();

        const { res, ms, memoryGrowth } = await send(endpoint, upload);

        expect({ status: res.status, code: res.body.code }).toEqual({ status: upload.expected.status, code: upload.expected.code });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body.statusCode).toBe(upload.expected.status);
        expect(res.body.message).toMatch(upload.expected.message);
        // Said for a person: no library names, stack frames or file system paths.
        expect(res.body.message).not.toMatch(/vips|sharp|spng|libpng|jpeglib|busboy|multer|\bat \S+ \(|\/tmp\//i);
        const detailsField = upload.expected.detailsField === undefined ? 'picture' : upload.expected.detailsField;
        if (detailsField) expect(res.body.details).toEqual(expect.arrayContaining([{ field: detailsField, message: expect.any(String) }]));
        else expect(res.body.details).toBeUndefined();

        expect(await snapshot()).toEqual(before);
        for (const target of pathsTheNameAimsAt(endpoint, upload.fileName)) expect(fs.existsSync(target)).toBe(false);

        if (upload.group === 'bomb' || upload.group === 'huge dimensions') {
          expect(ms).toBeLessThan(BOMB_ANSWER_MS);
          expect(memoryGrowth).toBeLessThan(BOMB_MEMORY_GROWTH);
        }
      },
    );

    it.each(acceptances.map((upload) => [`${upload.group}: ${upload.name}`, upload] as const))(
      'accepts %s, stored re-encoded under a generated name inside the media folder',
      async (_caseName, upload) => {
        if (upload.expected.outcome !== 'accepted') throw new Error('an acceptance case');
        const { format } = upload.expected;
        const before = await snapshot();

        const { res } = await send(endpoint, upload);

        expect({ status: res.status, body: res.status === 201 ? 'created' : res.body }).toEqual({ status: 201, body: 'created' });
        const urls = endpoint.storedUrls(res.body);
        const stem = path.parse(upload.fileName).name;
        for (const url of urls) {
          expect(url).toMatch(/^\/assets\/(users|posts|gallery|gallery\/thumbs)\/[^/]+$/);
          expect(url).not.toContain(stem);
        }
        const [picture] = urls;
        expect(path.posix.basename(picture)).toMatch(STORED_NAME);
        expect(path.posix.extname(picture)).toBe(`.${EXTENSION[format]}`);

        // Exactly one more row in the endpoint's table, and only the stored files are new.
        const after = await snapshot();
        expect(after.rows).toEqual({ ...before.rows, [endpoint.table]: before.rows[endpoint.table] + 1 });
        const storedFiles = urls.map((url) => `media/${url.replace(/^\/assets\//, '')}`);
        const newEntries = after.entries.filter((entry) => !before.entries.includes(entry));
        const newFiles = newEntries.filter((entry) => !entry.endsWith('/'));
        expect(newFiles.sort()).toEqual([...storedFiles].sort());
        for (const folder of newEntries.filter((entry) => entry.endsWith('/'))) expect(storedFiles.some((file) => file.startsWith(folder))).toBe(true);
        expect(after.entries).toEqual(expect.arrayContaining(before.entries));

        // The stored picture is a fresh encoding in the format the bytes had, with nothing after its end.
        const stored = fs.readFileSync(path.join(t.config.dataDir, storedFiles[0]));
        expect((await sharp(stored).metadata()).format).toBe(format);
        expect(endsAtImageEnd(stored, format)).toBe(true);
        if (upload.payload) expect(stored.includes(upload.payload)).toBe(false);

        const served = await t.http.get(picture).expect(200);
        expect(served.headers['content-type']).toBe(format === 'png' ? 'image/png' : 'image/jpeg');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      },
    );

    it('refuses a form cut off in the middle of the file, storing nothing', async () => {
      const { contentType, body } = multipartBody(endpoint.fields(), { field: 'picture', fileName: 'cut.png', contentType: 'image/png', bytes: await solidPng(256, 256) });
      const before = await snapshot();

      const res = await t.http.post(endpoint.path).set(endpoint.headers()).set('Content-Type', contentType).send(body.subarray(0, body.length - 200));

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringMatching(/ends early, as if the upload was cut off/) });
      expect(await snapshot()).toEqual(before);
    });
  });
});
