import type { Post } from '@atelier/contracts';
import type { ChangeNotifier } from '../../db/change-notifier';
import { FeedCache, servedPage, type ServedPage } from './feed-cache';
import { encodeCursor } from './feed-cursor';
import { mergeSandboxPage, SandboxPages, type SandboxOverlay } from './sandbox-pages';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const post = (id: string, second: number, extra: Partial<Post> = {}) => ({ _id: id, userId: 'ada', createdAt: at(second), likes: {}, ...extra }) as Post;
const ids = (page: ServedPage) => page.posts.map((entry) => entry._id);

describe('mergeSandboxPage', () => {
  const shared = servedPage({ posts: [post('m9', 9), post('m7', 7)], nextCursor: 'more' });

  it('answers the shared page itself when the guest has nothing on it', () => {
    expect(mergeSandboxPage(shared, { own: [], touched: [] }, 2)).toBe(shared);
  });

  it("puts the guest's own posts in feed order, the page's size kept, and the next page after its last post", () => {
    const merged = mergeSandboxPage(shared, { own: [post('g8', 8), post('g1', 1)], touched: [] }, 2);
    expect(ids(merged)).toEqual(['m9', 'g8']);
    expect(merged.nextCursor).toBe(encodeCursor({ createdAt: new Date(at(8)), id: 'g8' }));
  });

  it('orders posts of the same millisecond by id, newest first, as the feed statement does', () => {
    const overlay: SandboxOverlay = { own: [post('m8', 7)], touched: [] };
    expect(ids(mergeSandboxPage(servedPage({ posts: [post('m7', 7)] }), overlay, 5))).toEqual(['m8', 'm7']);
  });

  it('shows the posts the guest liked or commented on as the guest sees them', () => {
    const liked = post('m7', 7, { likes: { guest: true } });
    expect(mergeSandboxPage(shared, { own: [], touched: [liked] }, 2).posts[1]).toBe(liked);
  });

  it('has no next page when neither the shared pages nor the guest have more', () => {
    const last = servedPage({ posts: [post('m2', 2)] });
    expect(mergeSandboxPage(last, { own: [post('g1', 1)], touched: [] }, 2).nextCursor).toBeUndefined();
    expect(mergeSandboxPage(last, { own: [post('g1', 1), post('g0', 0)], touched: [] }, 2).nextCursor).toBeDefined();
  });
});

describe('SandboxPages', () => {
  it("keeps a guest's merged page until that guest writes; another guest's write leaves it", async () => {
    const listeners: Array<(detail?: string) => void> = [];
    const notifier = {
      subscribe: (_topic: string, listener: (detail?: string) => void) => listeners.push(listener),
      publish: async (_topic: string, detail?: string) => listeners.forEach((listener) => listener(detail)),
    } as unknown as ChangeNotifier;
    const feed = new FeedCache(notifier);
    const pages = new SandboxPages(feed);
    const shared = servedPage({ posts: [post('m1', 1)] });
    let loads = 0;
    const overlay = async (): Promise<SandboxOverlay> => ((loads += 1), { own: [post('g2', 2)], touched: [] });

    const first = await pages.get('guest', 'k', shared, 20, overlay);
    expect(await pages.get('guest', 'k', shared, 20, overlay)).toBe(first);
    await feed.changed({ sandbox: 'other-guest' });
    await pages.get('guest', 'k', shared, 20, overlay);
    expect(loads).toBe(1);
    await feed.changed({ sandbox: 'guest' });
    await pages.get('guest', 'k', shared, 20, overlay);
    expect(loads).toBe(2);
    await pages.get('guest', 'k', servedPage({ posts: [post('m1', 1)] }), 20, overlay); // the shared page changed
    expect(loads).toBe(3);
  });
});
