import { vi } from 'vitest';

/**
 * A stand-in for the global fetch, for specs of the API modules: `answer` queues the next response,
 * `lastCall` says what was sent. Install with `vi.stubGlobal('fetch', mock.fetch)`.
 */
export function fetchMock() {
  const fetch = vi.fn<typeof globalThis.fetch>();
  return {
    fetch,
    /** The next call answers `body` (JSON unless it is already text) with `status`. */
    answer: (body: unknown, status = 200) =>
      fetch.mockResolvedValueOnce(
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    /** The last request (the API client sends a Request; its body is read from a copy). */
    lastCall: async () => {
      const [input, init] = fetch.mock.lastCall ?? [];
      const request = new Request(input ?? 'about:blank', init).clone();
      return { url: request.url, method: request.method, body: request.body ? await request.text() : undefined };
    },
  };
}
