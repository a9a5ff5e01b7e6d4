import fc from 'fast-check';
import type { Test } from 'supertest';
import { ADMIN_TOKEN } from './helpers/generation';
import { registerMember, type TestMember } from './helpers/members';
import { routesOf, type Route } from './helpers/routes';
import { createTestApp, type TestApp } from './helpers/test-app';

// Generated bad input against every public and member route: wrong types, huge and unicode strings,
// deeply nested JSON, missing fields, malformed JSON and multipart bodies, malformed tokens. Each
// answer must be a 2xx/3xx or a 4xx with the API's JSON error body, never a 5xx. A fixed seed and
// a bounded count keep it fast and repeatable; FUZZ_RUNS and FUZZ_SEED explore further.
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed, which ES2023 typings lack). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '%00', '\uD800', 'NaN', '-1', '1e309'),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.uuid(),
);
/** JSON values nested up to a few levels, and now and then very deep. */
const json = fc.oneof(
  { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('prompt', 'mode', 'email', 'password', 'firstName', 'description', 'userId', 'text', 'title', 'ids', 'limit'), fc.oneof(text, fc.jsonValue({ maxDepth: 2 }))) },
);
const body = fc.oneof(
  json.map((value) => ({ kind: 'json' as const, value })),
  fc.string().map((value) => ({ kind: 'raw-json' as const, value })), // malformed JSON with a JSON content type
  fc.record({ fields: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), text, { maxKeys: 5 }), file: fc.option(fc.uint8Array({ maxLength: 2000 })) }).map((value) => ({ kind: 'multipart' as const, value })),
  fc.string().map((value) => ({ kind: 'raw-multipart' as const, value })), // a multipart type with a body that is not one
);
const token = fc.oneof(
  fc.constant<string | null>(null),
  fc.constant('member'),
  fc.constantFrom('Bearer ', 'Bearer a.b.c', 'Basic abc', `Bearer ${ADMIN_TOKEN}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'),
  fc.string().map((value) => `Bearer ${value}`),
);

describe('generated bad input on every public and member route', () => {
  let t: TestApp;
  let member: TestMember;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '100000', GENERATION_RATE_LIMIT_PER_MINUTE: '100000' });
    member = await registerMember(t);
    routes = routesOf(t).filter((route) => route.access !== 'admin');
  });
  afterAll(() => t.close());

  it("answers requests Node's HTTP parser refuses with the API's JSON error too", async () => {
    const tooLong = await t.http.get(`/api/content/projects/${'x'.repeat(20_000)}`).expect(431);
    expect(tooLong.body).toEqual({ statusCode: 431, code: 'PAYLOAD_TOO_LARGE', message: 'The request line or headers are too large' });
  });

  it(`answers ${RUNS} generated requests with 2xx/3xx or a JSON 4xx, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(text, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 20 }), text, { maxKeys: 4 }),
        body,
        token,
        async (route, params, query, payload, authorization) => {
          let index = 0;
          // A URL cannot carry a lone surrogate; well-formed text of every other kind can.
          const path = route.path.replace(/:\w+/g, () => encodeURIComponent(wellFormed(params[index++ % params.length])));
          let request: Test = (t.http as unknown as Record<string, (url: string) => Test>)[route.method](path).query(
            Object.fromEntries(Object.entries(query).map(([key, value]) => [wellFormed(key), wellFormed(value)])),
          );
          if (authorization === 'member') request = request.set(member.auth);
          else if (authorization !== null) request = request.set('Authorization', authorization);
          if (['post', 'put', 'patch'].includes(route.method)) {
            if (payload.kind === 'json') request = request.set('Content-Type', 'application/json').send(JSON.stringify(payload.value));
            else if (payload.kind === 'raw-json') request = request.set('Content-Type', 'application/json').send(payload.value);
            else if (payload.kind === 'raw-multipart') request = request.set('Content-Type', 'multipart/form-data; boundary=xyz').send(payload.value);
            else {
              for (const [name, value] of Object.entries(payload.value.fields)) request = request.field(name, value);
              if (payload.value.file) request = request.attach('picture', Buffer.from(payload.value.file), 'x.png');
            }
          }
          const response = await request;
          const where = `${route.method.toUpperCase()} ${path.slice(0, 200)} -> ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
          expect({ where, status: response.status < 500 }).toEqual({ where, status: true });
          if (response.status >= 400) {
            expect({ where, body: response.body }).toEqual({
              where,
              body: expect.objectContaining({ statusCode: response.status, code: expect.any(String), message: expect.any(String) }),
            });
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
