import type { PublicReads } from '@atelier/contracts';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { httpPublicReads } from './http-public-reads';

// The public reads (contracts' PublicReads: /api/content/*, docs/requirements/api.md#content-api, and the generation
// pages' examples) as the browser makes them: read-only, cached by the server with ETags. Answers are
// kept for the page's lifetime, so going back to a page shows it at once.

export type ReadName = keyof PublicReads;
type ReadArgs<K extends ReadName> = Parameters<PublicReads[K]>;
type ReadAnswer<K extends ReadName> = Awaited<ReturnType<PublicReads[K]>>;

/**
 * The key an answer is kept under, here and in a server-rendered page's loader data: the read and its
 * arguments, serialized as RTK Query keys its queries (an absent property and an undefined one alike).
 */
export const readKey = <K extends ReadName>(name: K, args: ReadArgs<K>): string => JSON.stringify([name, ...args]);

/** One public read through the cache: call it for the answer; `key` names the answer (as the page's loaders keep it). */
export type ContentResource<K extends ReadName> = PublicReads[K] & { key: (...args: ReadArgs<K>) => string };

function resource<K extends ReadName>(name: K): ContentResource<K> {
  const key = (...args: ReadArgs<K>) => readKey(name, args);
  // Which method is called is known only by name here; each has the arguments and answer its key says.
  const call = (...args: ReadArgs<K>) => cached(key(...args), () => (httpPublicReads[name] as (...a: ReadArgs<K>) => Promise<ReadAnswer<K>>)(...args));
  return Object.assign(call, { key }) as unknown as ContentResource<K>;
}

/** The browser's PublicReads: over HTTP, each answer kept. The page loaders are given it in the browser. */
export const contentApi: { [K in ReadName]: ContentResource<K> } = {
  settings: resource('settings'),
  site: resource('site'),
  gallery: resource('gallery'),
  exhibit: resource('exhibit'),
  resources: resource('resources'),
  trending: resource('trending'),
  project: resource('project'),
  feature: resource('feature'),
  pyface: resource('pyface'),
  generationInfo: resource('generationInfo'),
  generationExamples: resource('generationExamples'),
};

const READ_NAMES = Object.keys(contentApi) as ReadName[];

/** `reads`, with each call's answer also handed to `onRead` under its key: what a page's loader gathers. */
export function observedReads(reads: PublicReads, onRead: (key: string, answer: Promise<unknown>) => void): PublicReads {
  const observed: Partial<Record<ReadName, (...args: never[]) => Promise<unknown>>> = {};
  for (const name of READ_NAMES) {
    observed[name] = (...args: never[]) => {
      const answer = (reads[name] as (...a: never[]) => Promise<unknown>)(...args);
      onRead(readKey(name, args as ReadArgs<typeof name>), answer);
      return answer;
    };
  }
  return observed as PublicReads;
}

const fetched = new Map<string, Promise<unknown>>();
/** The answers that have arrived, so a page visited before renders with its content at once. */
const settled = new Map<string, unknown>();

function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  let answer = fetched.get(key);
  if (!answer) {
    answer = read().then((data) => {
      // Nothing there (a project that does not exist) is asked again on the next visit.
      if (data === null) fetched.delete(key);
      else settled.set(key, data);
      return data;
    });
    // A failed call is not remembered: the next visit tries again.
    answer.catch(() => fetched.delete(key));
    fetched.set(key, answer);
  }
  return answer as Promise<T>;
}

/**
 * A page's content as its route's loader answers it (app/page-content-loader.ts): answers by read key,
 * `null` where there is nothing there (a project that does not exist). A read that failed is absent:
 * the component asks for it itself and shows its own error.
 */
export type PageContent = Readonly<Record<string, unknown>>;

/**
 * The answer the page's loaders keep under this read's key (`pageAnswer(content, contentApi.pyface, query)`),
 * as that read answers; undefined when the page has none. The key names the read and its arguments, so
 * what is kept under it is that read's answer: the server's own, or one the browser read over HTTP.
 */
export function pageAnswer<K extends ReadName>(content: PageContent, load: ContentResource<K>, ...args: ReadArgs<K>): ReadAnswer<K> | undefined {
  const key = load.key(...args);
  return Object.hasOwn(content, key) ? (content[key] as ReadAnswer<K>) : undefined;
}

/** The content the shown page's loaders answered; useContent renders with it. */
export const PageContentContext = createContext<PageContent>({});

/** Keeps answers (the server's, in the page it sent) as this page's: later visits to the same content reuse them. */
export function rememberContent(answers: PageContent): void {
  for (const [key, data] of Object.entries(answers)) {
    if (data === null) continue;
    fetched.set(key, Promise.resolve(data));
    settled.set(key, data);
  }
}

/** The answers among these keys that have already arrived. */
export function settledContent(keys: Iterable<string>): PageContent {
  const answers: Record<string, unknown> = {};
  for (const key of keys) if (settled.has(key)) answers[key] = settled.get(key);
  return answers;
}

/** Forgets every answer (tests; and after the owner changes content in this tab, a reload does the same). */
export function clearContentCache(): void {
  fetched.clear();
  settled.clear();
}

export type ContentState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const notFound = (key: string) => new ApiError(404, 'NOT_FOUND', `Nothing at ${key}`);

function stateOf<T>(content: PageContent, key: string | undefined): ContentState<T> | null {
  if (key === undefined || !Object.hasOwn(content, key)) return null;
  const data = content[key];
  return data === null ? { status: 'error', error: notFound(key) } : { status: 'ready', data: data as T };
}

/**
 * Loads content for a component: `useContent(contentApi.gallery)`, or with an argument,
 * `useContent(contentApi.project, slug)`. Failures are logged and reported as `error`, and so is
 * nothing there (a null answer) as a 404. Content the page's loader answered (PageContentContext) is
 * there on the first render: a server-rendered page hydrates with exactly what the server drew.
 */
export function useContent<K extends ReadName>(load: ContentResource<K>, ...args: ReadArgs<K>): ContentState<NonNullable<ReadAnswer<K>>> {
  type T = NonNullable<ReadAnswer<K>>;
  const content = useContext(PageContentContext);
  const key = JSON.stringify(args);
  // A stand-in for the read (a test's mock) has no key: it is always asked.
  const readKeyOf = load.key as ((...a: ReadArgs<K>) => string) | undefined;
  const loaded = stateOf<T>(content, readKeyOf?.(...args));

  const [state, setState] = useState<ContentState<T>>(() => loaded ?? { status: 'loading' });
  // The arguments the first render was answered for: nothing to fetch for them.
  const answeredKey = useRef(loaded ? key : null);

  useEffect(() => {
    if (answeredKey.current === key) return;
    answeredKey.current = null;
    let current = true;
    setState({ status: 'loading' });
    const read = load as unknown as (...a: ReadArgs<K>) => Promise<ReadAnswer<K>>;
    read(...(JSON.parse(key) as ReadArgs<K>)).then(
      (data) => {
        if (!current) return;
        setState(data === null ? { status: 'error', error: notFound(key) } : { status: 'ready', data: data as T });
      },
      (error: unknown) => {
        console.error('Content could not be loaded', error);
        if (current) setState({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, key]);
  return state;
}
