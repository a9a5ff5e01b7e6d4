import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { RenderProcesses } from '../src/modules/media/render-processes';
import { asBytes, createTestApp, type TestApp } from './helpers/test-app';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WIDTHS = '124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536';

/** A picture (1000x600 unless told) with detail in every corner, so crops and re-encodes are real work. */
function fixturePng(width = 1000, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x ^ y) & 0x3f) * 4;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('image transforms on /assets', () => {
  let t: TestApp;
  let media: string;
  let cacheDir: string;
  let original: Buffer;

  const get = (url: string, accept?: string) => {
    const req = asBytes(t.http.get(url));
    return accept ? req.set('Accept', accept) : req;
  };
  const json = (res: Response) => JSON.parse((res.body as Buffer).toString('utf8'));
  const size = async (res: Response) => {
    const { width, height, format } = await sharp(res.body as Buffer).metadata();
    return { width, height, format };
  };

  beforeAll(async () => {
    t = await createTestApp();
    media = path.join(t.config.dataDir, 'media');
    cacheDir = path.join(t.config.dataDir, 'cache', 'images');
    original = await fixturePng();
    for (const dir of ['gallery', 'posts', 'projects/vid']) fs.mkdirSync(path.join(media, dir), { recursive: true });
    fs.writeFileSync(path.join(media, 'gallery', 'fixture.png'), original);
    fs.writeFileSync(path.join(media, 'posts', '0123456789abcdef0123456789abcdef.png'), original);
    fs.writeFileSync(path.join(media, 'gallery', 'damaged.png'), Buffer.from('not really a png'));
    fs.writeFileSync(path.join(media, 'gallery', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(media, 'projects', 'vid', 'clip.webm'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    // Outside the media folder: what a traversal would try to reach.
    fs.mkdirSync(path.join(t.config.dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'pglite', 'x.png'), original);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  describe('sizes', () => {
    it('resizes to the width, keeping the aspect ratio, with the static cache policy and Vary: Accept', async () => {
      const res = await get('/assets/gallery/fixture.png?w=248').expect(200);
      expect(await size(res)).toEqual({ width: 248, height: 149, format: 'png' });
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers.vary).toMatch(/Accept/);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it('multiplies by dpr', async () => {
      expect(await size(await get('/assets/gallery/fixture.png?w=248&dpr=2').expect(200))).toMatchObject({ width: 496, height: 298 });
      expect(await size(await get('/assets/gallery/fixture.png?w=248&dpr=1').expect(200))).toMatchObject({ width: 248 });
    });

    it('crops to the exact box with fit=crop (and cover), at 1x and 2x', async () => {
      expect(await size(await get('/assets/gallery/fixture.png?w=248&h=248&fit=crop').expect(200))).toMatchObject({ width: 248, height: 248 });
      expect(await size(await get('/assets/gallery/fixture.png?w=248&h=248&fit=crop&dpr=2').expect(200))).toMatchObject({ width: 496, height: 496 });
      expect(await size(await get('/assets/gallery/fixture.png?w=340&h=180&fit=cover').expect(200))).toMatchObject({ width: 340, height: 180 });
    });

    it('fits inside the box by default, and letterboxes with fit=contain', async () => {
      expect(await size(await get('/assets/gallery/fixture.png?w=248&h=248').expect(200))).toMatchObject({ width: 248, height: 149 });
      expect(await size(await get('/assets/gallery/fixture.png?w=248&h=248&fit=inside').expect(200))).toMatchObject({ width: 248, height: 149 });
      expect(await size(await get('/assets/gallery/fixture.png?w=248&h=248&fit=contain').expect(200))).toMatchObject({ width: 248, height: 248 });
    });

    it('never enlarges beyond the source', async () => {
      expect(await size(await get('/assets/gallery/fixture.png?w=1536&dpr=2').expect(200))).toMatchObject({ width: 1000, height: 600 });
    });

    it('caches uploads for good, as the static handler does', async () => {
      const res = await get('/assets/posts/0123456789abcdef0123456789abcdef.png?w=124').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('formats by Accept', () => {
    it('answers AVIF when the browser lists image/avif and auto=format is asked', async () => {
      const res = await get('/assets/gallery/fixture.png?w=248&auto=format', CHROME_ACCEPT).expect(200);
      expect(res.headers['content-type']).toBe('image/avif');
      expect((await size(res)).format).toBe('heif');
      expect(res.headers.vary).toMatch(/Accept/);
    });

    it('answers WebP when the browser lists only image/webp', async () => {
      const res = await get('/assets/gallery/fixture.png?w=248&auto=format', 'image/webp,*/*').expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await size(res)).format).toBe('webp');
    });

    it('keeps the source format for other browsers, or without auto=format', async () => {
      const plain = await get('/assets/gallery/fixture.png?w=248&auto=format', '*/*').expect(200);
      expect(plain.headers['content-type']).toBe('image/png');
      expect((await size(plain)).format).toBe('png');
      const asked = await get('/assets/gallery/fixture.png?w=248', CHROME_ACCEPT).expect(200);
      expect(asked.headers['content-type']).toBe('image/png');
    });
  });

  describe('disk cache', () => {
    it('renders once, keeps the file under DATA_DIR/cache/images and serves the same bytes again', async () => {
      const render = jest.spyOn(RenderProcesses.prototype, 'run');
      const url = '/assets/gallery/fixture.png?w=680&h=360&fit=crop&auto=format';
      const first = await get(url, 'image/webp').expect(200);
      expect(render).toHaveBeenCalledTimes(1);
      const cached = listFiles(cacheDir).filter((file) => fs.readFileSync(file).equals(first.body as Buffer));
      expect(cached).toHaveLength(1);
      expect(cached[0]).toMatch(/\.webp$/);

      const second = await get(url, 'image/webp').expect(200);
      expect(render).toHaveBeenCalledTimes(1);
      expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(listFiles(cacheDir).every((file) => !file.endsWith('.tmp'))).toBe(true);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await get('/assets/gallery/fixture.png?w=180').expect(200);
      const res = await t.http.get('/assets/gallery/fixture.png?w=180').set('If-None-Match', first.headers.etag).expect(304);
      expect(res.headers.etag).toBe(first.headers.etag);
    });

    it('renders a replaced source anew', async () => {
      const file = path.join(media, 'gallery', 'replaced.png');
      fs.writeFileSync(file, original);
      const before = await get('/assets/gallery/replaced.png?w=124').expect(200);
      fs.writeFileSync(file, await sharp(original).resize(400).png().toBuffer());
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      const after = await get('/assets/gallery/replaced.png?w=124').expect(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await size(after)).toMatchObject({ width: 124, height: 74 });
    });

    it('renders identical concurrent requests once, and all of them get the image', async () => {
      const render = jest.spyOn(RenderProcesses.prototype, 'run');
      const url = '/assets/gallery/fixture.png?w=1024&h=768&fit=crop&dpr=2&auto=format';
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(url, CHROME_ACCEPT)));
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      expect(render).toHaveBeenCalledTimes(1);
      for (const res of answers) expect((res.body as Buffer).equals(answers[0].body as Buffer)).toBe(true);
    });

    it('answers a burst of different sizes, each correct', async () => {
      const widths = [124, 180, 340, 360, 496];
      const answers = await Promise.all(widths.map((w) => get(`/assets/gallery/fixture.png?w=${w}&h=${w}&fit=crop`, 'image/webp')));
      for (const [i, res] of answers.entries()) {
        expect(res.status).toBe(200);
        expect(await size(res)).toMatchObject({ width: widths[i], height: widths[i] });
      }
    });
  });

  it('leaves requests without parameters to the static handler, unchanged', async () => {
    const res = await get('/assets/gallery/fixture.png', CHROME_ACCEPT).expect(200);
    expect((res.body as Buffer).equals(original)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.vary).toBeUndefined();
    await t.http.get('/assets/projects/vid/clip.webm').expect(200);
  });

  it('answers HEAD without a body', async () => {
    const res = await t.http.head('/assets/gallery/fixture.png?w=124').expect(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  describe('refusals', () => {
    it.each([
      ['w=247', 'w', `must be one of ${WIDTHS}`],
      ['w=248&h=99999', 'h', `must be one of ${WIDTHS}`],
      ['w=248&dpr=3', 'dpr', 'must be one of 1, 2'],
      ['w=248&fit=bogus', 'fit', 'must be one of crop, cover, contain, inside'],
      ['w=248&quality=100', 'quality', 'is not a transform parameter; use w, h, fit, auto, dpr'],
      ['h=248', 'w', `is required, one of ${WIDTHS}`],
    ])('refuses ?%s with 400 naming %s', async (query, field, message) => {
      const res = await get(`/assets/gallery/fixture.png?${query}`).expect(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res)).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String), details: [{ field, message }] });
    });

    it.each(['/assets/projects/vid/clip.webm?w=248', '/assets/gallery/icon.svg?w=248&dpr=2'])('refuses parameters on a file that is not a raster image: %s', async (url) => {
      const body = json(await get(url).expect(400));
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details.map((detail: { field: string }) => detail.field)).toEqual(url.endsWith('dpr=2') ? ['w', 'dpr'] : ['w']);
      expect(body.details[0].message).toContain('.jpg, .jpeg, .png, .webp, .avif');
    });

    it('answers a missing file with 404 JSON', async () => {
      const res = await get('/assets/gallery/nothing-here.png?w=248').expect(404);
      expect(json(res)).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No such asset' });
      await get('/assets/gallery/fixture.png/deeper.png?w=248').expect(404);
      await get('/assets/gallery?w=248').expect(400); // a folder has no extension
    });

    it('answers a file that is not really an image with 415, and does not cache the failure', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await get('/assets/gallery/damaged.png?w=248').expect(415);
        expect(json(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.headers['cache-control']).toBeUndefined();
      }
    });

    it.each([
      '/assets/../pglite/x.png?w=248',
      '/assets/gallery/../../pglite/x.png?w=248',
      '/assets/%2e%2e/pglite/x.png?w=248',
      '/assets/%2E%2E/pglite/x.png?w=248',
      '/assets/..%2fpglite%2fx.png?w=248',
      '/assets/gallery/..%2f..%2fpglite/x.png?w=248',
      '/assets/..%5cpglite%5cx.png?w=248',
      '/assets/%252e%252e/pglite/x.png?w=248',
      '/assets/.hidden.png?w=248',
    ])('never serves a file outside the media folder: %s', async (url) => {
      const res = await get(url);
      expect([400, 404]).toContain(res.status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res).code).toMatch(/VALIDATION_FAILED|NOT_FOUND/);
    });

    it('refuses a traversal with 400 naming the path', async () => {
      const body = json(await get('/assets/../pglite/x.png?w=248').expect(400));
      expect(body.details).toEqual([{ field: 'path', message: 'must name a file under /assets, without . or .. segments' }]);
    });

    it('does not follow a symbolic link out of the media folder', async () => {
      fs.symlinkSync(path.join(t.config.dataDir, 'pglite', 'x.png'), path.join(media, 'gallery', 'link.png'));
      await get('/assets/gallery/link.png?w=248').expect(404);
    });
  });
});

describe('the resized-image cache budget', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('keeps the cache within IMAGE_CACHE_MAX_MB, dropping the least recently served renders first', async () => {
    t = await createTestApp({ IMAGE_CACHE_MAX_MB: '0.2' }); // 209,715 bytes
    const media = path.join(t.config.dataDir, 'media', 'gallery');
    const cacheDir = path.join(t.config.dataDir, 'cache', 'images');
    fs.mkdirSync(media, { recursive: true });
    // Noise does not compress: each render is tens of kilobytes.
    const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    fs.writeFileSync(path.join(media, 'noise.png'), noise);
    const cachedBytes = () => listFiles(cacheDir).reduce((total, file) => total + fs.statSync(file).size, 0);

    // About 35, 73 and 138 KB: all three are over the budget, so the least recently served goes.
    const widths = [124, 180, 248];
    for (const w of widths) {
      await t.http.get(`/assets/gallery/noise.png?w=${w}`).expect(200);
      await t.http.get(`/assets/gallery/noise.png?w=124`).expect(200); // the first render stays in use
    }
    expect(cachedBytes()).toBeLessThanOrEqual(0.2 * 1024 * 1024);
    expect(listFiles(cacheDir)).toHaveLength(2);
    const render = jest.spyOn(RenderProcesses.prototype, 'run');
    await t.http.get('/assets/gallery/noise.png?w=124').expect(200);
    expect(render).not.toHaveBeenCalled(); // kept: served most recently
    await t.http.get('/assets/gallery/noise.png?w=180').expect(200);
    expect(render).toHaveBeenCalledTimes(1); // dropped: rendered again
    render.mockRestore();
  });
});

describe('render work under a burst of new sizes', () => {
  /** 20 distinct full-size AVIF renders of the fixture: each costs real encoder time. */
  const HEAVY_VARIANTS = [680, 768, 1024, 1536].flatMap((w) =>
    ['inside', 'contain', 'cover'].flatMap((fit) => [1, 2].map((dpr) => `w=${w}&h=${w}&fit=${fit}&dpr=${dpr}&auto=format`)),
  ).slice(0, 20);

  /** Counts renders started and still running (each is one run in a render process). */
  function watchRenders() {
    const run = RenderProcesses.prototype.run;
    const counts = { started: 0, running: 0 };
    jest.spyOn(RenderProcesses.prototype, 'run').mockImplementation(function (this: RenderProcesses, ...args: Parameters<typeof run>) {
      counts.started++;
      counts.running++;
      return run.apply(this, args).finally(() => counts.running--);
    });
    return counts;
  }

  /** CPU time (clock ticks) each render process of this one has used so far, by pid. */
  function renderProcessTicks(): Map<string, number> {
    const ticks = new Map<string, number>();
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('render-child')) continue;
        // Fields after the command's closing parenthesis: state, ppid, ..., utime (14th field), stime (15th).
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(fields[1]) === process.pid) ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // ended meanwhile
      }
    }
    return ticks;
  }

  async function appWithFixture(env: NodeJS.ProcessEnv = {}, picture?: Buffer): Promise<{ t: TestApp; base: string }> {
    const t = await createTestApp(env);
    const media = path.join(t.config.dataDir, 'media', 'gallery');
    fs.mkdirSync(media, { recursive: true });
    fs.writeFileSync(path.join(media, 'fixture.png'), picture ?? (await fixturePng()));
    await t.app.listen(0, '127.0.0.1');
    return { t, base: await t.app.getUrl() };
  }

  /** CPU time (ms) this process and its render processes use over the next `ms` of wall time. */
  async function cpuDuring(ms: number): Promise<number> {
    const [own, before] = [process.cpuUsage(), renderProcessTicks()];
    await new Promise((resolve) => setTimeout(resolve, ms));
    const used = process.cpuUsage(own);
    const childTicks = [...renderProcessTicks()].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0);
    return (used.user + used.system) / 1000 + childTicks * 10; // Linux counts 100 ticks a second
  }

  const until = async (done: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const avif = { Accept: CHROME_ACCEPT };

  describe('clients that leave', () => {
    let app: { t: TestApp; base: string };
    // As large as the reviewer's photo: one AVIF of it keeps a core busy for seconds.
    beforeAll(async () => (app = await appWithFixture({}, await fixturePng(3000, 2000))));
    afterAll(() => app.t.close());
    afterEach(() => jest.restoreAllMocks());

    it('drops the renders of clients that closed the connection before their turn (curl -m)', async () => {
      const renders = watchRenders();
      const clients = HEAVY_VARIANTS.map(() => new AbortController());
      const left = HEAVY_VARIANTS.map((query, i) =>
        fetch(`${app.base}/assets/gallery/fixture.png?${query}`, { headers: avif, signal: clients[i].signal }).then(
          () => 'answered',
          () => 'left',
        ),
      );
      // Every client gives up once the first renders are under way, as `curl -m 1` does.
      await until(() => renders.started > 0, 10_000);
      for (const client of clients) client.abort();
      expect(await Promise.all(left)).toEqual(Array(20).fill('left'));
      // From the moment they left: a render still going would use a whole core (1000 ms a second) or
      // two; what remains is the test app's own idling.
      expect(await cpuDuring(1_000)).toBeLessThan(500);
      await until(() => renders.running === 0, 60_000);
      // The 18 waiting never started; the two running were stopped (their processes killed), not finished.
      expect(renders.started).toBeLessThanOrEqual(2);
      expect(listFiles(path.join(app.t.config.dataDir, 'cache', 'images'))).toEqual([]);

      const started = Date.now();
      const thumbnail = await fetch(`${app.base}/assets/gallery/fixture.png?w=124&h=124&fit=crop`);
      expect(thumbnail.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(renders.started).toBeLessThanOrEqual(3);
    });

    it('keeps rendering for the requests still waiting when one of them leaves', async () => {
      const renders = watchRenders();
      const url = `${app.base}/assets/gallery/fixture.png?w=1024&h=1024&fit=contain&auto=format`;
      const leaver = fetch(url, { headers: avif, signal: AbortSignal.timeout(30) }).catch(() => undefined);
      const stayers = [fetch(url, { headers: avif }), fetch(url, { headers: avif })];
      await leaver;
      const answers = await Promise.all(stayers);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(answers.map((res) => res.headers.get('content-type'))).toEqual(['image/avif', 'image/avif']);
      expect(renders.started).toBe(1);
    });
  });

  describe('IMAGE_RENDER_QUEUE_MAX', () => {
    let app: { t: TestApp; base: string };
    beforeAll(async () => (app = await appWithFixture({ IMAGE_RENDER_QUEUE_MAX: '1' })));
    afterAll(() => app.t.close());

    it('refuses renders beyond the short queue with 503, Retry-After and a JSON message', async () => {
      const answers = await Promise.all(
        HEAVY_VARIANTS.slice(0, 8).map((query) => fetch(`${app.base}/assets/gallery/fixture.png?${query}`, { headers: avif })),
      );
      const busy = answers.filter((res) => res.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(3); // two running, one waiting
      expect(busy[0].headers.get('retry-after')).toBe('5');
      expect(await busy[0].json()).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Too many images are being resized; try again shortly' });
    });
  });

  describe('IMAGE_RENDERS_PER_IP_PER_MINUTE', () => {
    let app: { t: TestApp; base: string };
    beforeAll(async () => (app = await appWithFixture({ IMAGE_RENDERS_PER_IP_PER_MINUTE: '3', TRUST_PROXY: 'loopback' })));
    afterAll(() => app.t.close());

    it('answers 429 with Retry-After to an address past its new sizes; cached sizes and other addresses still load', async () => {
      const get = (w: number, from = '198.51.100.7') =>
        fetch(`${app.base}/assets/gallery/fixture.png?w=${w}`, { headers: { 'X-Forwarded-For': from } });
      for (const w of [124, 180, 248]) expect((await get(w)).status).toBe(200);

      const refused = await get(340);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many new image sizes from this address; sizes already made still load, new ones in \d+ s$/),
      });

      expect((await get(124)).status).toBe(200); // already rendered: free
      expect((await get(340, '203.0.113.9')).status).toBe(200); // another address has its own count
      expect((await get(340)).status).toBe(200); // now cached: free for the first address too
    });
  });
});
