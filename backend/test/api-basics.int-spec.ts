import { testDriver } from './helpers/test-database';
import { createTestApp, type TestApp } from './helpers/test-app';
import { SECURITY_HEADER_OPTIONS } from '../src/app';
import { helmetHeaders } from '../src/common/http/security-headers';

describe('API basics', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ CORS_ORIGINS: 'https://allowed.example' })));
  afterAll(() => t.close());

  describe('GET /api/health', () => {
    it('reports the database driver and that it answers', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ status: 'ok', database: { driver: testDriver(), ok: true } });
      expect(res.body.database.latencyMs).toEqual(expect.any(Number));
      expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
    });

    it('answers on the /express and /fastapi aliases of /api too', async () => {
      for (const base of ['/express', '/fastapi']) {
        const res = await t.http.get(`${base}/health`).expect(200);
        expect(res.body.database.driver).toBe(testDriver());
      }
    });
  });

  describe('request ids', () => {
    it('gives every response a request id', async () => {
      const res = await t.http.get('/api/health');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('keeps a well-formed id sent by a proxy and replaces a malformed one', async () => {
      const kept = await t.http.get('/api/health').set('X-Request-Id', 'edge-42.abc');
      expect(kept.headers['x-request-id']).toBe('edge-42.abc');
      const replaced = await t.http.get('/api/health').set('X-Request-Id', 'x'.repeat(65));
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('errors', () => {
    it('answers unknown /api paths with a 404 JSON error, for any method', async () => {
      for (const method of ['get', 'post', 'delete'] as const) {
        const res = await t.http[method]('/api/no/such/route').expect(404);
        expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
      }
    });

    it('refuses malformed JSON with a 400 JSON error', async () => {
      const res = await t.http
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send('{"unterminated": ')
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' });
    });

    it('refuses an oversized body with 413 before reading it all', async () => {
      const res = await t.http
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ text: 'a'.repeat(300_000) }))
        .expect(413);
      expect(res.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 256kb' });
    });
  });

  describe('security headers and CORS', () => {
    it('sends helmet headers and no X-Powered-By', async () => {
      const res = await t.http.get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('sends the same helmet headers on every kind of answer', async () => {
      const expected = helmetHeaders(SECURITY_HEADER_OPTIONS);
      const gallery = await t.http.get('/api/content/gallery').expect(200);
      const answers = {
        json: gallery,
        revalidated: await t.http.get('/api/content/gallery').set('If-None-Match', gallery.headers.etag).expect(304),
        refused: await t.http.get('/api/posts').expect(401),
        invalid: await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{').expect(400),
        unknown: await t.http.get('/api/no-such-route').expect(404),
        docs: await t.http.get('/api/docs/').expect(200),
      };
      for (const [kind, res] of Object.entries(answers)) {
        for (const [name, value] of Object.entries(expected)) expect({ kind, name, value: res.headers[name] }).toEqual({ kind, name, value });
      }
    });

    it('allows only the configured origins', async () => {
      const allowed = await t.http.options('/api/health').set('Origin', 'https://allowed.example').set('Access-Control-Request-Method', 'GET');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.example');
      const other = await t.http.get('/api/health').set('Origin', 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers no CORS headers and no preflight when no origin is configured', async () => {
      const closed = await createTestApp();
      try {
        const preflight = await closed.http.options('/api/health').set('Origin', 'https://any.example').set('Access-Control-Request-Method', 'GET');
        expect(preflight.status).toBe(404);
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        const res = await closed.http.get('/api/health').set('Origin', 'https://any.example').expect(200);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await closed.close();
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves the docs page and a document listing the routes', async () => {
      const page = await t.http.get('/api/docs/').expect(200);
      expect(page.text).toContain('swagger-ui');
      const doc = await t.http.get('/api/docs/openapi.json').expect(200);
      expect(doc.body.info.title).toBe('Atelier API');
      expect(Object.keys(doc.body.paths)).toContain('/api/health');
    });
  });

  it('reports 503 with the driver when the database stops answering', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.handle.close();
      const res = await broken.http.get('/api/health').expect(503);
      expect(res.body).toMatchObject({
        status: 'degraded',
        database: { driver: testDriver(), ok: false, latencyMs: null },
      });
    } finally {
      await broken.close();
    }
  });
});
