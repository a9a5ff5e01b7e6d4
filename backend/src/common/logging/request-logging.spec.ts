import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { requestIdFor, requestLogging } from './logging.module';

interface LogLine {
  level: number;
  msg: string;
  reqId: string;
  req: { method: string; url: string };
  res: { statusCode: number };
}

describe('requestLogging', () => {
  let app: FastifyInstance;
  let lines: LogLine[];
  let port: number;

  beforeEach(async () => {
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as LogLine);
        done();
      },
    });
    // As app.ts sets them up.
    app = Fastify({ genReqId: requestIdFor, requestIdHeader: false });
    app.addHook('onRequest', requestLogging(pino({ level: 'info' }, sink)));
    app.get('/api/posts', () => ({}));
    app.get('/api/missing', (_request, reply) => reply.code(404).send({}));
    app.get('/api/slow', () => new Promise(() => undefined)); // never answers: the client gives up
    app.get('/static/app.js', () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterEach(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
      request({ port, path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, id: res.headers['x-request-id'] as string | undefined }));
      })
        .on('error', reject)
        .end();
    });

  const logged = async (count: number) => {
    for (let tries = 0; lines.length < count && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    return lines;
  };

  it('writes one line per API answer, with the request id it echoes and a level by status', async () => {
    const ok = await get('/api/posts', { 'X-Request-Id': 'client-id-7' });
    const missing = await get('/api/missing');
    expect(ok.id).toBe('client-id-7');
    expect(missing.id).toMatch(/^[0-9a-f-]{36}$/);
    const [first, second] = await logged(2);
    expect(lines).toHaveLength(2);
    expect(first).toMatchObject({ level: 30, msg: 'request completed', reqId: 'client-id-7', req: { method: 'GET', url: '/api/posts' }, res: { statusCode: 200 } });
    expect(second).toMatchObject({ level: 40, msg: 'request completed', reqId: missing.id, res: { statusCode: 404 } });
  });

  it("logs the query's parameter names but never their values (a search can hold an email)", async () => {
    await get('/api/posts?q=alice%40rt.test&page=2&q=bob');
    const [line] = await logged(1);
    expect(line.req.url).toBe('/api/posts?q=&page=');
    expect(JSON.stringify(lines)).not.toMatch(/alice|bob|rt\.test/);
  });

  it('says when the client went away before the answer, once', async () => {
    await new Promise<void>((resolve) => {
      const req = request({ port, path: '/api/slow' }).on('error', () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    const [line] = await logged(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(1);
    expect(line).toMatchObject({ level: 40, msg: 'request aborted', req: { url: '/api/slow' } });
  });

  it('gives static files an id but no line', async () => {
    expect((await get('/static/app.js')).id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(0);
  });
});
