import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('sends the bearer token and JSON, and answers the data with the headers', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, [{ _id: 'p1' }], { 'X-Next-Cursor': 'abc' }));
    const { data, headers } = await apiRequest('/posts/p1/like', { method: 'PATCH', token: 'jwt', json: { a: 1 }, query: { cursor: 'c 1', limit: undefined } });
    expect(data).toEqual([{ _id: 'p1' }]);
    expect(headers.get('x-next-cursor')).toBe('abc');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/posts/p1/like?cursor=c+1');
    expect(init).toMatchObject({ method: 'PATCH', body: '{"a":1}', headers: { Authorization: 'Bearer jwt', 'Content-Type': 'application/json' } });
  });

  it("throws the server's error body as an ApiError", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { statusCode: 409, code: 'CONFLICT', message: 'taken', details: [{ field: 'email', message: 'is already registered' }] }),
    );
    const error = await apiRequest('/auth/register', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'taken', details: [{ field: 'email' }] });
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
