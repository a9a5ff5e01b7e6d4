import type { Post } from '@atelier/contracts';
import type { ChangeNotifier } from '../../db/change-notifier';
import { FeedCache, feedPageKey, type PostPage } from './feed-cache';

/** A notifier in one process: publish delivers to the subscribers at once, with its detail. */
function localNotifier(): ChangeNotifier {
  const listeners: Array<(detail?: string) => void> = [];
  return {
    subscribe: (_topic: string, listener: (detail?: string) => void) => listeners.push(listener),
    publish: async (_topic: string, detail?: string) => listeners.forEach((listener) => listener(detail)),
  } as unknown as ChangeNotifier;
}

const post = (id: string, userId = 'ada') => ({ _id: id, userId }) as Post;

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

  it('forgets the pages of everyone and of the author when a post is added or deleted', async () => {
    const everyone = feedPageKey(undefined, 10, '');
    const adas = feedPageKey('ada', 10, '');
    const bobs = feedPageKey('bob', 10, '');
    for (const key of [everyone, adas, bobs, everyone, adas, bobs]) await cache.get(key, load);
    expect(loads).toBe(6);
    await cache.changed({ author: 'ada' });
    for (const key of [everyone, adas, bobs]) await cache.get(key, load);
    expect(loads).toBe(8); // Bob's page did not move
  });

  it('forgets only the pages holding a post when it is edited, liked or commented on', async () => {
    const withX = async (): Promise<PostPage> => ((loads += 1), { posts: [post('x'), post('y')] });
    const withoutX = async (): Promise<PostPage> => ((loads += 1), { posts: [post('y'), post('z')] });
    const [first, second] = [feedPageKey(undefined, 2, ''), feedPageKey(undefined, 2, 'cursor')];
    for (let i = 0; i < 2; i += 1) {
      await cache.get(first, withX);
      await cache.get(second, withoutX);
    }
    expect(loads).toBe(4);
    await cache.changed({ post: 'x' });
    await cache.get(first, withX);
    await cache.get(second, withoutX);
    expect(loads).toBe(5);
    await cache.changed({ sandbox: 'some-guest' }); // a guest's writes are on no shared page
    await cache.get(second, withoutX);
    expect(loads).toBe(5);
  });

  it('keeps a page dropped by a change on its next load: it was read more than once already', async () => {
    const withX = async (): Promise<PostPage> => ((loads += 1), { posts: [post('x')] });
    const key = feedPageKey(undefined, 1, '');
    await cache.get(key, withX);
    await cache.get(key, withX);
    await cache.changed({ post: 'x' });
    await cache.get(key, withX);
    await cache.get(key, withX);
    expect(loads).toBe(3);
  });

  it('shares one load among requests missing the same page at once, but not with requests after a change', async () => {
    let finish: () => void = () => undefined;
    const slow = () => new Promise<PostPage>((resolve) => ((loads += 1), (finish = () => resolve({ posts: [post('x')] }))));
    const key = feedPageKey(undefined, 1, '');
    const waiting = [cache.get(key, slow), cache.get(key, slow), cache.get(key, slow)];
    expect(loads).toBe(1);
    finish();
    const [first, ...others] = await Promise.all(waiting);
    for (const page of others) expect(page).toBe(first);

    const before = cache.get(feedPageKey(undefined, 2, ''), slow);
    const finishBefore = finish;
    await cache.changed({ post: 'x' }); // the load under way may have read x before its change
    const after = cache.get(feedPageKey(undefined, 2, ''), slow);
    expect(loads).toBe(3);
    finishBefore();
    finish();
    await Promise.all([before, after]);
  });

  it('forgets pages and first requests when anything may have changed (a change with no detail)', async () => {
    await cache.get('a', load);
    await cache.get('a', load);
    await (cache as unknown as { notifier: ChangeNotifier }).notifier.publish('feed');
    await cache.get('a', load); // a first request again
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(4);
  });

  it('does not keep a page that was read while a change that alters it was made', async () => {
    const key = feedPageKey(undefined, 10, '');
    await cache.get(key, load);
    await cache.get(key, async () => {
      await cache.changed({ author: 'ada' });
      return load();
    });
    await cache.get(key, load);
    expect(loads).toBe(3);
    // A change to a post the page does not hold leaves it kept.
    const other = feedPageKey(undefined, 20, '');
    await cache.get(other, load);
    await cache.get(other, async () => {
      await cache.changed({ post: 'elsewhere' });
      return load();
    });
    await cache.get(other, load);
    expect(loads).toBe(5);
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
