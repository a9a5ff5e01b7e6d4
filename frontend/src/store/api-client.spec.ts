import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, retryAfterSecondsOf } from './api-client';
import { rateLimitMessage } from './api-saga';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('sends the bearer token and JSON, and answers the data with the headers', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, [{ _id: 'p1' }], { 'X-Next-Cursor': 'abc' }));
    const { data, headers } = await apiRequest('/posts/p1/like', { method: 'PATCH', token: 'jwt', json: { a: 1 }, query: { cursor: 'c 1', limit: undefined } });
    expect(data).toEqual([{ _id: 'p1' }]);
    expect(headers.get('x-next-cursor')).toBe('abc');
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.url).toBe(`${location.origin}/api/posts/p1/like?cursor=c%201`);
    expect(request.method).toBe('PATCH');
    expect(await request.text()).toBe('{"a":1}');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends a form as multipart, and no Authorization header without a token', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { _id: 'u1' }));
    const form = new FormData();
    form.set('firstName', 'Ada');
    form.set('picture', new File(['png'], 'me.png'));
    await expect(apiRequest('/auth/register', { method: 'POST', form })).resolves.toMatchObject({ data: { _id: 'u1' } });
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    // jsdom's File reaches Node's Request without its name, and on Node 26 without its bytes too
    // (undici reads only its own Blobs): the text part's bytes are checked, the file part by name.
    const body = await request.text();
    expect(body).toMatch(/name="firstName"\r\n\r\nAda\r\n/);
    expect(body).toMatch(/name="picture"/);
    expect(request.headers.has('Authorization')).toBe(false);
  });

  it("throws the server's error body as an ApiError", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { statusCode: 409, code: 'CONFLICT', message: 'taken', details: [{ field: 'email', message: 'is already registered' }] }),
    );
    const error = await apiRequest('/auth/register', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'taken', details: [{ field: 'email' }] });
  });

  it("keeps a 429's Retry-After, in seconds", async () => {
    const body = { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many jobs from this address' };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(429, body, { 'Retry-After': '17' }));
    await expect(apiRequest('/start-job', { method: 'POST' })).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 17 });
  });

  it('says the server could not be reached when fetch itself fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/posts')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('answers nothing for 204', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    expect((await apiRequest('/posts/p1', { method: 'DELETE' })).data).toBeUndefined();
  });
});

describe('retryAfterSecondsOf', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSecondsOf('120', now)).toBe(120);
    expect(retryAfterSecondsOf(' 0 ', now)).toBe(0);
    expect(retryAfterSecondsOf('Thu, 26 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSecondsOf('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const unreadable of [null, '', 'soon', '-5', '1.5']) expect(retryAfterSecondsOf(unreadable, now)).toBeNull();
  });
});

describe('rateLimitMessage', () => {
  it('says how long to wait: seconds under a minute, whole minutes (rounded up) from there', () => {
    expect([0, 1, 42, 59, 60, 61, 3600].map(rateLimitMessage)).toEqual([
      'Too many requests. Please wait 1 second and try again.',
      'Too many requests. Please wait 1 second and try again.',
      'Too many requests. Please wait 42 seconds and try again.',
      'Too many requests. Please wait 59 seconds and try again.',
      'Too many requests. Please wait 1 minute and try again.',
      'Too many requests. Please wait 2 minutes and try again.',
      'Too many requests. Please wait 60 minutes and try again.',
    ]);
    expect(rateLimitMessage(null)).toBe('Too many requests. Please wait a moment and try again.');
  });
});
