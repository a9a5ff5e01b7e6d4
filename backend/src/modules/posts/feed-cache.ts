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
  /** The posts as parsed values: a guest's page merges its own rows into them. */
  posts: Post[];
  json: ReadyJson;
  nextCursor?: string;
  authors: AuthorTally;
}

export function servedPage(page: PostPage): ServedPage {
  return { posts: page.posts, json: ReadyJson.of(page.posts), nextCursor: page.nextCursor, authors: tallyOf(page.posts.map((post) => post.userId)) };
}

/** Changes to posts, likes, comments or their authors publish this topic, saying what changed (see FeedChange). */
export const FEED_TOPIC = 'feed';

/**
 * What a committed change touched. An edit, like or comment of one post changes only the pages that
 * hold it; a new or deleted post shifts every page of the feed and of its author; a guest's writes
 * change only that guest's own pages (see SandboxPages).
 */
export type FeedChange = { post: string } | { author: string } | { sandbox: string };

/** The notifier's detail for a change, and back; an unknown or missing detail means anything changed. */
export function feedChangeDetail(change: FeedChange): string {
  if ('post' in change) return `post:${change.post}`;
  if ('author' in change) return `author:${change.author}`;
  return `sandbox:${change.sandbox}`;
}

function parseFeedChange(detail: string | undefined): FeedChange | undefined {
  const [kind, id] = detail?.split(':') ?? [];
  if (!id) return undefined;
  if (kind === 'post') return { post: id };
  if (kind === 'author') return { author: id };
  if (kind === 'sandbox') return { sandbox: id };
  return undefined;
}

/** The cache key of a page of everyone's posts (no author) or of one author's. */
export function feedPageKey(authorId: string | undefined, limit: number, cursor: string): string {
  return `${authorId ?? '*'}|${limit}|${cursor}`;
}

/** Whether the change may alter the page kept under this key; undefined (anything changed) does. */
function alters(change: FeedChange | undefined, key: string, page: ServedPage): boolean {
  if (change === undefined) return true;
  if ('post' in change) return page.posts.some((post) => post._id === change.post);
  if ('author' in change) return key.startsWith('*|') || key.startsWith(`${change.author}|`);
  return false;
}

// A safety net only: changes clear the cache at once, in this process and (PostgreSQL) in the others.
export const FEED_TTL_MS = 5_000;
const MAX_PAGES = 500;
/** Keys remembered as asked for once; a key is a few dozen bytes, a page about 10 KB. */
const MAX_ASKED = 5_000;
/** Changes remembered for the pages being loaded meanwhile; a load that outlives them is not kept. */
const MAX_RECENT_CHANGES = 1_000;

/**
 * Recently answered feed pages, ready to send. Every member sees the same pages, and most requests
 * ask for the first one, so a read-mostly feed is served from memory. A page is kept from its
 * second request within the TTL: a page only one reader scrolls past would fill the cache for
 * nothing, and keeping each for seconds made the garbage collector copy and promote every one
 * (a fifth of the API's CPU on pages read once). A change drops only the pages it alters: one
 * member editing fast emptied everyone's cache 46 times a second. A page read while a change that
 * alters it was being made is not kept: the generation counter and the recent changes tell.
 */
@Injectable()
export class FeedCache {
  private pages = new Map<string, { page: ServedPage; expires: number }>();
  /** Loads under way: requests missing the same page meanwhile wait for the one load. */
  private loading = new Map<string, Promise<ServedPage>>();
  private asked = new Map<string, number>();
  private generation = 0;
  /** The changes since generation `generation - recent.length`, oldest first. */
  private recent: Array<FeedChange | undefined> = [];
  private readonly listeners: Array<(change: FeedChange | undefined) => void> = [];

  constructor(private readonly notifier: ChangeNotifier) {
    notifier.subscribe(FEED_TOPIC, (detail) => this.apply(parseFeedChange(detail)));
  }

  /**
   * The cached page, or the loaded one (kept on its second request, if nothing altered it while it
   * loaded). Requests missing a page while it loads share that load: after an edit dropped the first
   * page, every connection asking for it loaded it again, each one.
   */
  get(key: string, load: () => Promise<PostPage>): Promise<ServedPage> {
    const hit = this.pages.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit.page);
    return this.loading.get(key) ?? this.load(key, load);
  }

  private load(key: string, load: () => Promise<PostPage>): Promise<ServedPage> {
    const generation = this.generation;
    const loading = load().then((loaded) => {
      const page = servedPage(loaded);
      if (!this.alteredSince(generation, key, page)) this.keepIfAskedBefore(key, page);
      return page;
    });
    this.loading.set(key, loading);
    const done = () => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    };
    loading.then(done, done);
    return loading;
  }

  /** Call after a change is committed. */
  changed(change: FeedChange): Promise<void> {
    return this.notifier.publish(FEED_TOPIC, feedChangeDetail(change));
  }

  /** Also tells `listener` of every change (undefined: anything may have changed). */
  onChange(listener: (change: FeedChange | undefined) => void): void {
    this.listeners.push(listener);
  }

  private alteredSince(generation: number, key: string, page: ServedPage): boolean {
    const missed = this.generation - generation;
    if (missed === 0) return false;
    if (missed > this.recent.length) return true;
    return this.recent.slice(-missed).some((change) => alters(change, key, page));
  }

  private keepIfAskedBefore(key: string, page: ServedPage): void {
    const now = Date.now();
    if ((this.asked.get(key) ?? 0) <= now) {
      if (this.asked.size >= MAX_ASKED) this.asked.clear();
      this.asked.set(key, now + FEED_TTL_MS);
      return;
    }
    this.asked.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, { page, expires: now + FEED_TTL_MS });
  }

  private apply(change: FeedChange | undefined): void {
    if (change && 'sandbox' in change) return this.tell(change); // a guest's rows are on no shared page
    this.generation += 1;
    this.recent.push(change);
    if (this.recent.length > MAX_RECENT_CHANGES) this.recent = this.recent.slice(-MAX_RECENT_CHANGES / 2);
    // A load under way may have read the rows before the change: later requests load anew.
    this.loading = new Map();
    if (change === undefined) {
      this.pages = new Map();
      this.asked = new Map();
    } else {
      const now = Date.now();
      for (const [key, { page }] of this.pages) {
        if (!alters(change, key, page)) continue;
        this.pages.delete(key);
        this.asked.set(key, now + FEED_TTL_MS); // read more than once: the next load is kept
      }
    }
    this.tell(change);
  }

  private tell(change: FeedChange | undefined): void {
    for (const listener of this.listeners) listener(change);
  }
}
