import { Injectable } from '@nestjs/common';
import type { Post } from '@atelier/contracts';
import { FEED_TTL_MS, FeedCache, servedPage, type FeedChange, type ServedPage } from './feed-cache';
import { encodeCursor } from './feed-cursor';

/** A guest's own rows for one page: see PostsRepository.sandboxOverlay. */
export interface SandboxOverlay {
  /** The guest's posts after the page's cursor, newest first, one more than the page holds if there are. */
  own: Post[];
  /** The shared page's posts the guest liked or commented on, as the guest sees them. */
  touched: Post[];
}

/** Newest first, as the feed statement orders: (created_at, id) descending (ISO times of one format sort as times). */
function newerFirst(a: Post, b: Post): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return a._id > b._id ? -1 : a._id < b._id ? 1 : 0;
}

/**
 * The page a guest reads: the shared page (everyone's rows but no sandbox's) with the guest's own
 * posts merged in by feed order and the posts the guest liked or commented on as the guest sees
 * them. The shared page holds the first `limit` shared posts after the cursor and the overlay the
 * first `limit + 1` own ones, so the first `limit` of both are the guest's page, as the feed
 * statement with the guest's sandbox answers it.
 */
export function mergeSandboxPage(shared: ServedPage, overlay: SandboxOverlay, limit: number): ServedPage {
  if (overlay.own.length === 0 && overlay.touched.length === 0) return shared;
  const asSeen = new Map(overlay.touched.map((post) => [post._id, post]));
  const candidates = [...shared.posts.map((post) => asSeen.get(post._id) ?? post), ...overlay.own].sort(newerFirst);
  const posts = candidates.slice(0, limit);
  const last = posts[posts.length - 1];
  const more = shared.nextCursor !== undefined || candidates.length > limit;
  return servedPage({ posts, nextCursor: more && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last._id }) : undefined });
}

/** Merged pages kept in all; a page is about 10 KB. */
const MAX_PAGES = 1_000;

/**
 * Guests' merged pages, kept per sandbox while the shared page they were made from is the one the
 * feed cache answers (a change to it makes a new one) and at most the feed cache's TTL. A guest's
 * own write drops that guest's pages, in every process. Reading them from the database each time
 * held a guest to a seventh of a member's speed.
 */
interface Kept {
  shared: ServedPage;
  page: ServedPage;
  expires: number;
}

@Injectable()
export class SandboxPages {
  private bySandbox = new Map<string, Map<string, Kept>>();
  private size = 0;
  /** Counts the drops, so a page merged while its guest wrote is not kept. */
  private generation = 0;

  constructor(feed: FeedCache) {
    feed.onChange((change) => this.forget(change));
  }

  /** The guest's page made from `shared`, kept or merged now with the loaded overlay. */
  async get(sandbox: string, key: string, shared: ServedPage, limit: number, overlay: () => Promise<SandboxOverlay>): Promise<ServedPage> {
    const now = Date.now();
    const hit = this.bySandbox.get(sandbox)?.get(key);
    if (hit && hit.shared === shared && hit.expires > now) return hit.page;
    const generation = this.generation;
    const page = mergeSandboxPage(shared, await overlay(), limit);
    if (generation === this.generation) this.keep(sandbox, key, { shared, page, expires: now + FEED_TTL_MS });
    return page;
  }

  /** A change to a shared page needs nothing here (its new page makes new merges); a guest's own drops that guest's. */
  private forget(change: FeedChange | undefined): void {
    if (change && !('sandbox' in change)) return;
    this.generation += 1;
    if (!change) return this.clear();
    this.size -= this.bySandbox.get(change.sandbox)?.size ?? 0;
    this.bySandbox.delete(change.sandbox);
  }

  private clear(): void {
    this.bySandbox = new Map();
    this.size = 0;
  }

  private keep(sandbox: string, key: string, entry: Kept): void {
    if (this.size >= MAX_PAGES) this.dropExpired(Date.now());
    if (this.size >= MAX_PAGES) this.clear();
    let pages = this.bySandbox.get(sandbox);
    if (!pages) this.bySandbox.set(sandbox, (pages = new Map()));
    if (!pages.has(key)) this.size += 1;
    pages.set(key, entry);
  }

  /** Ended sandboxes' pages go here (or with the rest when all are live): no sandbox says when it ends. */
  private dropExpired(now: number): void {
    for (const [sandbox, pages] of this.bySandbox) {
      for (const [key, { expires }] of pages) if (expires <= now) pages.delete(key);
      if (pages.size === 0) this.bySandbox.delete(sandbox);
    }
    this.size = [...this.bySandbox.values()].reduce((total, pages) => total + pages.size, 0);
  }
}
