import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, ApiError, ApiUnreachableError, InvalidApiUrlError, describeNetworkError, normaliseApiBase } from './api-client';

describe('normaliseApiBase', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://localhost:3000/api', 'http://localhost:3000'],
    ['http://localhost:3000/api/', 'http://localhost:3000'],
    ['  https://atelier.example.com//  ', 'https://atelier.example.com'],
    ['https://example.com/atelier/api', 'https://example.com/atelier'],
    ['https://example.com/myapi', 'https://example.com/myapi'],
    ['http://localhost:3000/api?x=1#top', 'http://localhost:3000'],
  ])('reads %j as the site %s', (input, expected) => {
    expect(normaliseApiBase(input)).toBe(expected);
  });

  it.each(['notaurl', 'localhost:3000', 'ftp://example.com', '', 'http//localhost'])('rejects %j, quoting it', (input) => {
    expect(() => normaliseApiBase(input)).toThrow(InvalidApiUrlError);
    expect(() => normaliseApiBase(input)).toThrow(`${JSON.stringify(input)} is not an http:// or https:// URL`);
  });

  it('rejects credentials in the URL without repeating the password', () => {
    expect(() => normaliseApiBase('http://admin:s3cret@localhost:3000')).toThrow(/must not contain a user name or password/);
    expect(() => normaliseApiBase('http://admin:s3cret@localhost:3000')).not.toThrow(/s3cret/);
  });
});

describe('ApiClient', () => {
  type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
  let handler: Handler;
  let server: http.Server;
  let base: string;
  let lastRequest: http.IncomingMessage;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      lastRequest = req;
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (status: number, body: unknown): Handler => (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  it('requests <base>/api<path> and returns the status and parsed body', async () => {
    handler = json(200, { hello: 'world' });
    const answer = await new ApiClient({ baseUrl: `${base}/api/` }).get('/health');
    expect(answer).toEqual({ status: 200, body: { hello: 'world' } });
    expect(lastRequest.url).toBe('/api/health');
  });

  it('fills in path parameters, encoded, and sends only the query values given', async () => {
    handler = json(200, []);
    const client = new ApiClient({ baseUrl: base });
    await client.get('/admin/jobs/{id}', { path: { id: 'a b/../c' } });
    expect(lastRequest.url).toBe('/api/admin/jobs/a%20b%2F..%2Fc');
    await client.get('/admin/users', { query: { q: 'ada & co', limit: undefined } });
    expect(lastRequest.url).toBe('/api/admin/users?q=ada%20%26%20co');
    await client.get('/admin/users');
    expect(lastRequest.url).toBe('/api/admin/users');
  });

  it('sends a JSON body as JSON, and a form as multipart', async () => {
    let received = '';
    handler = (req, res) => {
      received = '';
      req.on('data', (chunk: Buffer) => (received += chunk.toString()));
      req.on('end', () => json(200, {})(req, res));
    };
    const client = new ApiClient({ baseUrl: base });
    await client.post('/admin/jobs/purge', { json: { olderThanMinutes: 60 } });
    expect(lastRequest.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received)).toEqual({ olderThanMinutes: 60 });
    const form = new FormData();
    form.set('picture', new Blob([Buffer.from('png')]), 'me.png');
    await client.post('/admin/content/site/photo', { form });
    expect(lastRequest.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received).toContain('filename="me.png"');
  });

  it('sends the token as a Bearer header, and no Authorization header without one', async () => {
    handler = json(200, {});
    await new ApiClient({ baseUrl: base, token: 'tok-123' }).get('/health');
    expect(lastRequest.headers.authorization).toBe('Bearer tok-123');
    await new ApiClient({ baseUrl: base }).get('/health');
    expect(lastRequest.headers.authorization).toBeUndefined();
  });

  it('turns the API error body into an ApiError', async () => {
    handler = json(400, {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      details: [{ field: 'name', message: 'is required' }],
    });
    const error = await new ApiClient({ baseUrl: base }).get('/admin/workers').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      details: [{ field: 'name', message: 'is required' }],
    });
  });

  it('returns a listed non-2xx status as an answer, but an error body stays an ApiError', async () => {
    const client = new ApiClient({ baseUrl: base });
    handler = json(503, { status: 'degraded' });
    await expect(client.get('/health', { acceptStatuses: [503] })).resolves.toEqual({ status: 503, body: { status: 'degraded' } });
    handler = json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down for maintenance' });
    await expect(client.get('/health', { acceptStatuses: [503] })).rejects.toThrow(ApiError);
  });

  it('reports an answer that is not JSON as "not the Atelier API", naming the URL', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    };
    const error = await new ApiClient({ baseUrl: base }).get('/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as Error).message).toBe(
      `cannot reach the Atelier API at ${base} (GET /api/health answered HTTP 200 with text/html, not JSON; is this an Atelier site?)`,
    );
  });

  it('reports JSON on an unexpected error status without an error body as "not the Atelier API"', async () => {
    handler = json(502, { upstream: 'down' });
    await expect(new ApiClient({ baseUrl: base }).get('/health')).rejects.toThrow(
      `cannot reach the Atelier API at ${base} (GET /api/health answered HTTP 502 without an Atelier error body; is this an Atelier site?)`,
    );
  });

  it('gives up after the timeout, saying how long it waited', async () => {
    handler = () => undefined; // never answers
    await expect(new ApiClient({ baseUrl: base, timeoutMs: 200 }).get('/health')).rejects.toThrow(
      `cannot reach the Atelier API at ${base} (no answer within 200 ms)`,
    );
  });

  it('says "connection refused" when nothing listens on the port', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new ApiClient({ baseUrl: `http://127.0.0.1:${port}` }).get('/health')).rejects.toThrow(
      `cannot reach the Atelier API at http://127.0.0.1:${port} (connection refused)`,
    );
  });
});

describe('describeNetworkError', () => {
  const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), cause) });
  const url = 'http://atelier.test:3000/api/health';

  it('names the host that DNS does not know', () => {
    expect(describeNetworkError(fetchFailed({ code: 'ENOTFOUND' }), url, 10_000)).toBe('host atelier.test not found');
  });

  it('states a timeout in seconds', () => {
    expect(describeNetworkError(new DOMException('aborted', 'TimeoutError'), url, 10_000)).toBe('no answer within 10 s');
  });

  it('falls back to the system code and message', () => {
    expect(describeNetworkError(fetchFailed({ code: 'EPROTO', message: 'wrong version number' }), url, 10_000)).toBe(
      'EPROTO: wrong version number',
    );
  });
});

/**
 * Compile-time checks, run by the CLI's typecheck (never called): the client takes the paths,
 * parameters and bodies the API's OpenAPI document describes, answers in its shapes, and nothing else.
 */
export async function typedByTheApiDocument(client: ApiClient): Promise<void> {
  // @ts-expect-error the API has no such route
  await client.get('/admin/nothing');
  // @ts-expect-error a job is named by its id
  await client.get('/admin/jobs/{id}');
  // @ts-expect-error purge takes olderThanMinutes as a number
  await client.post('/admin/jobs/purge', { json: { olderThanMinutes: '7d' } });
  // @ts-expect-error the members list has no such query parameter
  await client.get('/admin/users', { query: { name: 'ada' } });
  const { body: job } = await client.get('/admin/jobs/{id}', { path: { id: 'some-id' } });
  const status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR' | 'CANCELLED' | 'TIMED_OUT' = job.status;
  // @ts-expect-error a job has no name
  void job.name;
  const { body: removed } = await client.delete('/admin/workers/{id}', { path: { id: 'some-id' } });
  const nothing: void = removed;
  void [status, nothing];
}
