import type { ExhibitItem, GalleryItem, GenerationExamples, ProjectPage, ResourceLink, SiteContent, TrendingUser } from '@atelier/contracts';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from './api-client';

// The public content API (/api/content/*, docs/requirements/api.md#content-api): read-only, cached by the server with
// ETags. Answers are kept for the page's lifetime, so going back to a page shows it at once.

/** One content endpoint: call it for the answer; `path` names the answer (the key of preloaded content). */
export type ContentResource<T, A extends unknown[] = []> = ((...args: A) => Promise<T>) & { path: (...args: A) => string };

function resource<T, A extends unknown[] = []>(path: (...args: A) => string): ContentResource<T, A> {
  return Object.assign((...args: A) => get<T>(path(...args)), { path });
}

export const contentApi = {
  site: resource<SiteContent>(() => '/content/site'),
  project: resource<ProjectPage, [slug: string]>((slug) => `/content/projects/${encodeURIComponent(slug)}`),
  gallery: resource<GalleryItem[]>(() => '/content/gallery'),
  exhibit: resource<ExhibitItem[]>(() => '/content/exhibit'),
  resources: resource<ResourceLink[]>(() => '/content/resources'),
  trending: resource<TrendingUser[]>(() => '/content/trending'),
  /**
   * The Forge and Dream pages' example pictures with the models that made them: this site's content
   * (its /assets, replaced by its owner), so asked of this server even when VITE_GEN_API_URL names
   * another host for the jobs; the server render reads them in-process.
   */
  examples: resource<GenerationExamples>(() => '/generation/examples'),
};

const fetched = new Map<string, Promise<unknown>>();
/** The answers that have arrived, so a page visited before renders with its content at once. */
const settled = new Map<string, unknown>();

function get<T>(path: string): Promise<T> {
  let answer = fetched.get(path);
  if (!answer) {
    answer = apiRequest<T>(path).then((response) => {
      settled.set(path, response.data);
      return response.data;
    });
    // A failed call is not remembered: the next visit tries again.
    answer.catch(() => fetched.delete(path));
    fetched.set(path, answer);
  }
  return answer as Promise<T>;
}

/**
 * A page's content as its route's loader answers it (app/page-content-loader.ts): content API answers
 * by path, `null` where the API says there is nothing there (a project that does not exist). A path
 * that could not be fetched is absent: the component asks for it itself and shows its own error.
 */
export type PageContent = Readonly<Record<string, unknown>>;

/** The content the shown page's loaders answered; useContent renders with it. */
export const PageContentContext = createContext<PageContent>({});

/** Keeps answers (the server's, in the page it sent) as this page's: later visits to the same content reuse them. */
export function rememberContent(answers: PageContent): void {
  for (const [path, data] of Object.entries(answers)) {
    if (data === null) continue;
    fetched.set(path, Promise.resolve(data));
    settled.set(path, data);
  }
}

/**
 * Starts fetching each path not fetched yet, and answers what has already arrived. Failures are left
 * to the component, which asks again and shows its own error.
 */
export function prefetchContent(paths: readonly string[]): PageContent {
  const answers: Record<string, unknown> = {};
  for (const path of paths) {
    if (settled.has(path)) answers[path] = settled.get(path);
    else get(path).catch(() => undefined);
  }
  return answers;
}

/** One path's answer through the cache, null where the API answers 404 (the browser's ContentFetcher). */
export async function contentAt(path: string): Promise<unknown> {
  try {
    return await get(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Forgets every answer (tests; and after the owner changes content in this tab, a reload does the same). */
export function clearContentCache(): void {
  fetched.clear();
  settled.clear();
}

export type ContentState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const notFound = (path: string) => new ApiError(404, 'NOT_FOUND', `Nothing at ${path}`);

function stateOf<T>(content: PageContent, path: string | undefined): ContentState<T> | null {
  if (path === undefined || !Object.hasOwn(content, path)) return null;
  const data = content[path];
  return data === null ? { status: 'error', error: notFound(path) } : { status: 'ready', data: data as T };
}

/**
 * Loads content for a component: `useContent(contentApi.gallery)`, or with an argument,
 * `useContent(contentApi.project, slug)`. Failures are logged and reported as `error`. Content the
 * page's loader answered (PageContentContext) is there on the first render: a server-rendered page
 * hydrates with exactly what the server drew.
 */
export function useContent<T, A extends unknown[]>(load: ContentResource<T, A>, ...args: A): ContentState<T> {
  const content = useContext(PageContentContext);
  const key = JSON.stringify(args);
  const loaded = stateOf<T>(content, load.path?.(...args));

  const [state, setState] = useState<ContentState<T>>(() => loaded ?? { status: 'loading' });
  // The arguments the first render was answered for: nothing to fetch for them.
  const answeredKey = useRef(loaded ? key : null);

  useEffect(() => {
    if (answeredKey.current === key) return;
    answeredKey.current = null;
    let current = true;
    setState({ status: 'loading' });
    load(...(JSON.parse(key) as A)).then(
      (data) => current && setState({ status: 'ready', data }),
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
