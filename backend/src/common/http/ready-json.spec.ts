import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { ReadyJson, sendReadyJson } from './ready-json';

const page = Array.from({ length: 40 }, (_, index) => ({ _id: `post-${index}`, description: 'A long enough post to compress well. '.repeat(3) }));

describe('sendReadyJson', () => {
  let app: FastifyInstance;
  let json: ReadyJson;

  beforeEach(async () => {
    json = ReadyJson.of(page);
    app = Fastify();
    await app.register(fastifyCompress); // as app.ts: it must leave our encoded answers alone
    app.get('/page', (request, reply) => sendReadyJson(request, reply, json));
    app.get('/small', (request, reply) => sendReadyJson(request, reply, ReadyJson.of({ ok: true })));
    app.get('/cors', (request, reply) => sendReadyJson(request, reply.header('Vary', 'Origin'), json));
  });
  afterEach(() => app.close());

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
  ])('answers Accept-Encoding %j in %s, the same JSON', async (acceptEncoding, coding, decode) => {
    const response = await app.inject({ url: '/page', headers: { 'accept-encoding': acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(page);
    expect(response.rawPayload.length).toBeLessThan(json.bytes.length / 3);
  });

  it('sends the bytes as they are to a client that accepts no coding, saying the answer varies', async () => {
    const response = await app.inject({ url: '/page' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.equals(json.bytes)).toBe(true);
  });

  it('compresses each coding once, however many clients ask', async () => {
    const first = json.encodedAs('br');
    expect(json.encodedAs('br')).toBe(first);
    await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(json.encodedAs('br')).toBe(first);
  });

  it("keeps a page's brotli form in memory at its own size, not zlib's whole output chunk", async () => {
    const encoded = await json.encodedAs('br');
    // A view keeps the whole block it looks into; the page's own copy is exactly its size.
    expect(encoded.buffer.byteLength).toBe(encoded.length);
  });

  it('answers 304 and no body when If-None-Match names the ETag, in any coding', async () => {
    const etag = (await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } })).headers.etag as string;
    expect(etag).toBe(json.etag);
    const revalidated = await app.inject({ url: '/page', headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('leaves small answers uncompressed and not varying', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  it('keeps a Vary set before it (CORS names Origin)', async () => {
    const response = await app.inject({ url: '/cors', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.vary).toBe('Origin, Accept-Encoding');
  });
});
