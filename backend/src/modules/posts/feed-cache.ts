import { Injectable } from '@nestjs/common';
import type { Post } from '@atelier/contracts';
import { ReadyJson } from '../../common/http/ready-json';
import { ChangeNotifier } from '../../db/change-notifier';
import { tallyOf, type AuthorTally } from '../users/impressions.counter';

export interface PostPage {
  posts: Post[];
  nextCursor?: string;
}

/** A page as it is sent: serialized (and compressed) once, with its ETag, however many members read it. */
export interface ServedPage {
  json: ReadyJson;
  nextCursor?: string;
  authors: AuthorTally;
}

export function servedPage(page: PostPage): ServedPage {
  return { json: ReadyJson.of(page.posts), nextCursor: page.nextCursor, authors: tallyOf(page.posts.map((post) => post.userId)) };
}

/** Changes to posts, likes, comments or their authors publish this topic; every process drops its pages. */
export const FEED_TOPIC = 'feed';

// A safety net only: changes clear the cache at once, in this process and (PostgreSQL) in the others.
const TTL_MS = 5_000;
const MAX_PAGES = 500;
/** Keys remembered as asked for once; a key is a few dozen bytes, a page about 10 KB. */
const MAX_ASKED = 5_000;

/**
 * Recently answered feed pages, ready to send. Every member sees the same pages, and most requests
 * ask for the first one, so a read-mostly feed is served from memory. A page is kept from its
 * second request within the TTL: a page only one reader scrolls past would fill the cache for
 * nothing, and keeping each for seconds made the garbage collector copy and promote every one
 * (a fifth of the API's CPU on pages read once). A page read while a change was being made is not
 * kept: the generation counter tells.
 */
@Injectable()
export class FeedCache {
  private pages = new Map<string, { page: ServedPage; expires: number }>();
  private asked = new Map<string, number>();
  private generation = 0;

  constructor(private readonly notifier: ChangeNotifier) {
    notifier.subscribe(FEED_TOPIC, () => this.clear());
  }

  /** The cached page, or the loaded one (kept on its second request, if nothing changed while it loaded). */
  async get(key: string, load: () => Promise<PostPage>): Promise<ServedPage> {
    const hit = this.pages.get(key);
    if (hit && hit.expires > Date.now()) return hit.page;
    const generation = this.generation;
    const page = servedPage(await load());
    if (generation === this.generation) this.keepIfAskedBefore(key, page);
    return page;
  }

  /** Call after a change is committed. */
  changed(): Promise<void> {
    return this.notifier.publish(FEED_TOPIC);
  }

  private keepIfAskedBefore(key: string, page: ServedPage): void {
    const now = Date.now();
    if ((this.asked.get(key) ?? 0) <= now) {
      if (this.asked.size >= MAX_ASKED) this.asked.clear();
      this.asked.set(key, now + TTL_MS);
      return;
    }
    this.asked.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, { page, expires: now + TTL_MS });
  }

  private clear(): void {
    this.generation += 1;
    this.pages = new Map();
    this.asked = new Map();
  }
}
