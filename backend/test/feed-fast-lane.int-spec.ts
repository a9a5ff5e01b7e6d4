import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Member, Post } from '@atelier/contracts';
import { ROOT_LOGGER } from '../src/common/logging/logging.module';
import { PostsService } from '../src/modules/posts/posts.service';
import { createTestApp, type TestApp } from './helpers/test-app';
import { badAuthHeaders, registerMember, removeMember, type TestMember } from './helpers/members';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, decoded by its Content-Encoding. */
  text: string;
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

// Differ per answer or per connection, or say how the body was framed, not what it is.
const FRAMING_HEADERS = ['date', 'x-request-id', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

function comparable({ status, headers, text }: RawAnswer) {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !FRAMING_HEADERS.includes(name)));
  return { status, headers: kept, text };
}

describe.each([
  ['without CORS origins', {}],
  ['with CORS origins', { CORS_ORIGINS: 'http://app.example' }],
])('the feed fast lane, %s', (_setup, env: Record<string, string>) => {
  let t: TestApp;
  let baseUrl: string;
  let ada: TestMember;
  let bob: TestMember;
  let fullRoute: jest.SpyInstance;
  let fastLane: jest.SpyInstance;

  /** A GET straight over HTTP: supertest would add its own Accept-Encoding and decode the body. */
  function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const decode = DECODERS[res.headers['content-encoding'] ?? ''];
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: (decode ? decode(raw) : raw).toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The same request through the full route (Express, guard, controller) via the /express alias. */
  const throughFullRoute = (headers: Record<string, string>) => rawGet('/express/posts', headers);
  const feed = (member: TestMember, headers: Record<string, string> = {}) => rawGet('/api/posts', { ...member.auth, ...headers });

  /** Runs `request` and says which way it was answered. */
  async function answeredBy(request: () => Promise<RawAnswer>): Promise<{ lane: 'fast' | 'full'; answer: RawAnswer }> {
    const [full, fast] = [fullRoute.mock.calls.length, fastLane.mock.results.filter((result) => result.value).length];
    const answer = await request();
    const lanes = [fullRoute.mock.calls.length - full, fastLane.mock.results.filter((result) => result.value).length - fast];
    if (lanes[0] + lanes[1] > 1) throw new Error(`one request, ${lanes[0]} full-route and ${lanes[1]} fast-lane answers`);
    return { lane: lanes[1] === 1 ? 'fast' : 'full', answer };
  }

  async function impressionsOf(member: TestMember): Promise<number> {
    const res = await t.http.get(`/api/users/${member.id}`).set(member.auth).expect(200);
    return (res.body as Member).impressions;
  }

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'info', ...env });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    ada = await registerMember(t, { firstName: 'Ada' });
    bob = await registerMember(t, { firstName: 'Bob' });
    // More than a page, with text enough that the page is compressed (over 1 KiB).
    for (let n = 1; n <= 22; n += 1) {
      await t.http.post('/api/posts').set(bob.auth).field('description', `Bob's post ${n}: ${'a sentence of text '.repeat(4)}`).expect(201);
    }
    const posts = t.app.get(PostsService);
    fullRoute = jest.spyOn(posts, 'feed');
    fastLane = jest.spyOn(posts, 'cachedFirstFeedPage');
  });
  afterAll(() => t.close());

  it.each([
    ['no Accept-Encoding', {}],
    ['gzip', { 'Accept-Encoding': 'gzip' }],
    ['a browser’s list (br preferred)', { 'Accept-Encoding': 'gzip, deflate, br, zstd' }],
    ['deflate only', { 'Accept-Encoding': 'deflate' }],
    ['identity', { 'Accept-Encoding': 'identity' }],
    ['weighted', { 'Accept-Encoding': 'br;q=0.2, gzip;q=0.8' }],
    ['nothing acceptable', { 'Accept-Encoding': 'zstd' }],
    ['a client request id', { 'X-Request-Id': 'client-id-42' }],
  ])('answers the cached first page as the full route does: %s', async (_case, headers: Record<string, string>) => {
    const full = await answeredBy(() => throughFullRoute({ ...ada.auth, ...headers }));
    const fast = await answeredBy(() => feed(ada, headers));
    expect([full.lane, fast.lane]).toEqual(['full', 'fast']);
    expect(comparable(fast.answer)).toEqual(comparable(full.answer));
    expect(fast.answer.status).toBe(200);
    expect(JSON.parse(fast.answer.text)).toHaveLength(20);
    expect(fast.answer.headers['x-next-cursor']).toEqual(expect.any(String));
    if (headers['X-Request-Id']) expect(fast.answer.headers['x-request-id']).toBe('client-id-42');
    else expect(fast.answer.headers['x-request-id']).not.toBe(full.answer.headers['x-request-id']);
  });

  it('answers If-None-Match with the same bodiless 304, and a stale ETag with the page', async () => {
    const { etag } = (await feed(ada)).headers;
    const full = await answeredBy(() => throughFullRoute({ ...ada.auth, 'If-None-Match': String(etag), 'Accept-Encoding': 'gzip' }));
    const fast = await answeredBy(() => feed(ada, { 'If-None-Match': String(etag), 'Accept-Encoding': 'gzip' }));
    expect([full.lane, fast.lane]).toEqual(['full', 'fast']);
    expect(fast.answer.status).toBe(304);
    expect(comparable(fast.answer)).toEqual(comparable(full.answer));
    expect(fast.answer.text).toBe('');

    const stale = await answeredBy(() => feed(ada, { 'If-None-Match': 'W/"an-older-page"' }));
    expect(stale).toMatchObject({ lane: 'fast', answer: { status: 200 } });
  });

  it('leaves to the full route what it cannot answer exactly: a query, HEAD, an Origin header', async () => {
    await feed(ada); // the page and Ada's token are remembered
    expect((await answeredBy(() => rawGet('/api/posts?limit=20', ada.auth))).lane).toBe('full');
    expect((await answeredBy(() => rawGet('/api/posts', ada.auth, 'HEAD'))).lane).toBe('full');
    const cors = await answeredBy(() => feed(ada, { Origin: 'http://app.example' }));
    expect(cors.lane).toBe('full');
    expect(cors.answer.status).toBe(200);
    expect(cors.answer.headers['access-control-allow-origin']).toBe(env.CORS_ORIGINS ? 'http://app.example' : undefined);
  });

  it('serves only tokens the guard has verified: a new member’s token goes the full route once, bad tokens get the guard’s 401', async () => {
    const dee = await registerMember(t, { firstName: 'Dee' }); // signed in, but no guarded request yet
    await feed(ada); // the page is cached
    expect((await answeredBy(() => feed(dee))).lane).toBe('full');
    expect((await answeredBy(() => feed(dee))).lane).toBe('fast');

    for (const [, headers] of badAuthHeaders(t, ada.id)) {
      const { lane, answer } = await answeredBy(() => rawGet('/api/posts', headers));
      expect(lane).toBe('full');
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('stops serving a removed member’s token at once', async () => {
    const cy = await registerMember(t, { firstName: 'Cy' });
    await feed(cy);
    expect((await answeredBy(() => feed(cy))).lane).toBe('fast');
    await removeMember(t, cy.id);
    const { lane, answer } = await answeredBy(() => feed(cy));
    expect(lane).toBe('full');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).message).toBe('The account of this token no longer exists');
  });

  it('shows a new post in the very next read', async () => {
    await feed(ada);
    expect((await answeredBy(() => feed(ada))).lane).toBe('fast');
    await t.http.post('/api/posts').set(ada.auth).field('description', 'fresh off the press').expect(201);
    const next = await answeredBy(() => feed(ada));
    expect((JSON.parse(next.answer.text) as Post[])[0].description).toBe('fresh off the press');
    expect((await answeredBy(() => feed(ada))).lane).toBe('fast');
  });

  it('counts what it delivers in the authors’ impressions, as the full route does', async () => {
    await feed(ada);
    const page = JSON.parse((await feed(ada)).text) as Post[];
    const bobsPerPage = page.filter((post) => post.userId === bob.id).length;
    const adasPerPage = page.filter((post) => post.userId === ada.id).length;
    expect(bobsPerPage).toBeGreaterThan(0);
    const [bobBefore, adaBefore] = [await impressionsOf(bob), await impressionsOf(ada)];
    for (let n = 0; n < 3; n += 1) expect((await answeredBy(() => feed(ada))).lane).toBe('fast');
    expect((await answeredBy(() => feed(bob))).lane).toBe('fast');
    expect((await answeredBy(() => throughFullRoute(bob.auth))).lane).toBe('full');
    expect(await impressionsOf(bob)).toBe(bobBefore + 3 * bobsPerPage);
    expect(await impressionsOf(ada)).toBe(adaBefore + 2 * adasPerPage);
  });

  it('logs each request it answers, with its id', async () => {
    const info = jest.spyOn(t.app.get(ROOT_LOGGER), 'info');
    try {
      await feed(ada);
      const { lane } = await answeredBy(() => feed(ada, { 'X-Request-Id': 'logged-7' }));
      expect(lane).toBe('fast');
      await new Promise((resolve) => setImmediate(resolve)); // the line is written when the answer finishes
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ reqId: 'logged-7', req: expect.objectContaining({ method: 'GET', url: '/api/posts' }), res: { statusCode: 200 } }),
        'request completed',
      );
    } finally {
      info.mockRestore();
    }
  });
});
