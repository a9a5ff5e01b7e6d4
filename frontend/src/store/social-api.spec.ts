import { afterEach, describe, expect, it, vi } from 'vitest';
import { socialApi } from './social-api';

const jsonResponse = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

const comment = { _id: 'c1', postId: 'p 1', text: 'Hi', createdAt: '', author: { _id: 'u2', firstName: 'Alan', lastName: 'Turing', picturePath: 'alan.png' } };

afterEach(() => vi.restoreAllMocks());

describe('socialApi.comments', () => {
  it('asks for the page after the cursor and answers the comments with the next cursor', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([comment], { 'X-Next-Cursor': 'k2' }));
    await expect(socialApi.comments('jwt', 'p 1', 'k1')).resolves.toEqual({ comments: [comment], nextCursor: 'k2' });
    const request = fetch.mock.calls[0][0] as Request;
    expect(request.url).toBe(`${location.origin}/api/posts/p%201/comments?cursor=k1`);
    expect(request.method).toBe('GET');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('asks for the first page without a cursor; the last page has no next cursor', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([comment]));
    await expect(socialApi.comments('jwt', 'p1')).resolves.toEqual({ comments: [comment], nextCursor: undefined });
    expect((fetch.mock.calls[0][0] as Request).url).toBe(`${location.origin}/api/posts/p1/comments`);
  });
});
