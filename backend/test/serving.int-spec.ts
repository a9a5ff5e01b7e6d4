import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTestApp, makeTempDir, type TestApp } from './helpers/test-app';

// This suite serves a built frontend without a server render, so every route answers the app shell
// whether or not the real frontend is built; server-render.int-spec.ts covers the server render.
jest.mock(
  '@atelier/frontend/server',
  () => {
    throw Object.assign(new Error("Cannot find module '@atelier/frontend/server'"), { code: 'MODULE_NOT_FOUND' });
  },
  { virtual: true },
);

describe('serving the built frontend', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = makeTempDir('atelier-dist-');
    fs.mkdirSync(path.join(dist, 'static'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'static', 'index-a1b2c3.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'static', 'vendor-d4e5f6.js'), `export const words = ${JSON.stringify('lorem ipsum '.repeat(2000))};`);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ FRONTEND_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any client route, revalidated on every load', async () => {
    for (const page of ['/', '/matrix', '/profile/42', '/no/such/page']) {
      const res = await t.http.get(page).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('caches hashed bundles under /static/ for a year', async () => {
    const res = await t.http.get('/static/index-a1b2c3.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends bundles compressed (brotli or gzip) to clients that accept it, and plain to those that do not', async () => {
    const brotli = await t.http.get('/static/vendor-d4e5f6.js').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzipped = await t.http.get('/static/vendor-d4e5f6.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toContain('lorem ipsum');
    const plain = await t.http.get('/static/vendor-d4e5f6.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(24_000);
  });

  it('revalidates unhashed root files', async () => {
    const res = await t.http.get('/favicon.svg').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing bundle with 404 instead of the page', async () => {
    const res = await t.http.get('/static/index-gone.js').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('never answers API, alias or asset paths with the page', async () => {
    for (const url of ['/api/nothing', '/express/nothing', '/fastapi/nothing', '/assets/users/x.png']) {
      const res = await t.http.get(url).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
