import type { ChangeNotifier } from '../../db/change-notifier';
import { FeedCache, type PostPage } from './feed-cache';

/** A notifier in one process: publish delivers to the subscribers at once. */
function localNotifier(): ChangeNotifier {
  const listeners: Array<() => void> = [];
  return {
    subscribe: (_topic: string, listener: () => void) => listeners.push(listener),
    publish: async () => listeners.forEach((listener) => listener()),
  } as unknown as ChangeNotifier;
}

describe('FeedCache', () => {
  let cache: FeedCache;
  let loads: number;
  const load = async (): Promise<PostPage> => {
    loads += 1;
    return { posts: [] };
  };

  beforeEach(() => {
    cache = new FeedCache(localNotifier());
    loads = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('keeps a page from its second request, so a page read once takes no room', async () => {
    await cache.get('a', load);
    await cache.get('b', load);
    expect(loads).toBe(2);
    await cache.get('a', load); // asked for before: loaded and kept
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(3);
    await cache.get('b', load);
    await cache.get('b', load);
    expect(loads).toBe(4);
  });

  it('answers the kept page with the same bytes and ETag', async () => {
    await cache.get('a', load);
    const kept = await cache.get('a', load);
    expect(await cache.get('a', load)).toBe(kept);
  });

  it('forgets pages and first requests when the feed changes', async () => {
    await cache.get('a', load);
    await cache.get('a', load);
    await cache.changed();
    await cache.get('a', load); // a first request again
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(4);
  });

  it('does not keep a page that was read while a change was made', async () => {
    await cache.get('a', load);
    await cache.get('a', async () => {
      await cache.changed();
      return load();
    });
    await cache.get('a', load);
    expect(loads).toBe(3);
  });

  it('counts a first request only for the TTL, and lets kept pages expire', async () => {
    jest.useFakeTimers({ now: 0 });
    await cache.get('a', load);
    jest.setSystemTime(6_000);
    await cache.get('a', load); // the first request has lapsed: this is a first request again
    await cache.get('a', load); // kept now
    await cache.get('a', load);
    expect(loads).toBe(3);
    jest.setSystemTime(12_000);
    await cache.get('a', load);
    expect(loads).toBe(4);
  });
});
