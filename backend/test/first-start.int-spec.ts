import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { AdminGalleryItem, GalleryItem } from '@atelier/contracts';
import { assetFile, assetPaths } from './helpers/content';
import { admin, ADMIN_TOKEN } from './helpers/generation';
import { expectBuilt, startServer, type RunningServer } from './helpers/server-process';
import { makeTempDir } from './helpers/test-app';
import { testDriver } from './helpers/test-database';

// A first start, a kill and a restart of the built server, with every seed picture drawn in between.
jest.setTimeout(240_000);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function json<T>(server: RunningServer, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Every /assets path the public content names (the showcase's pictures). */
async function contentAssets(server: RunningServer): Promise<string[]> {
  const site = await json<{ projects: Array<{ slug: string }> }>(server, '/api/content/site');
  const lists = ['gallery', 'exhibit', 'trending', ...site.projects.map((project) => `projects/${project.slug}`)];
  const answers = await Promise.all(lists.map((list) => json<unknown>(server, `/api/content/${list}`)));
  return [...new Set(assetPaths([site, ...answers]))];
}

(testDriver() === 'pglite' ? describe : describe.skip)('first start of dist/main.js on a fresh data dir', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeAll(expectBuilt);
  beforeEach(() => (dataDir = makeTempDir('atelier-first-start-')));
  afterEach(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers before its pictures are drawn, serves one when asked, and after a kill the restart draws the rest', async () => {
    server = await startServer({ DATA_DIR: dataDir, ADMIN_TOKEN });
    const gallery = await json<GalleryItem[]>(server, '/api/content/gallery');
    expect(gallery.length).toBeGreaterThanOrEqual(55);
    const asked = gallery[gallery.length - 1]; // the last one the background would draw
    const picture = await fetch(`${server.url}${asked.img}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');

    // Killed a moment after its first answers: one drawing at a time in the background has not
    // reached the gallery (it draws the members' and the home page's pictures first).
    await server.kill();
    server = undefined;
    const drawn = gallery.filter((item) => fs.existsSync(assetFile(dataDir, item.img)));
    expect(drawn.map((item) => item.img)).toContain(asked.img);
    expect(drawn.length).toBeLessThan(gallery.length);

    server = await startServer({ DATA_DIR: dataDir, ADMIN_TOKEN });
    for (const sitePath of await contentAssets(server)) {
      const response = await fetch(`${server.url}${sitePath}`);
      expect({ sitePath, status: response.status }).toEqual({ sitePath, status: 200 });
      await response.arrayBuffer();
    }
    // Each gallery picture's hash is recorded once it is written; the CLI reads them here.
    const deadline = Date.now() + 60_000;
    let listed = await json<AdminGalleryItem[]>(server, '/api/admin/content/gallery', admin);
    while (listed.some((item) => item.contentHash === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      listed = await json<AdminGalleryItem[]>(server, '/api/admin/content/gallery', admin);
    }
    // A video is known by its own bytes (not its poster's), as an uploaded one is.
    for (const item of listed) expect(item.contentHash).toBe(sha256(fs.readFileSync(assetFile(dataDir, item.video ?? item.img))));
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});
