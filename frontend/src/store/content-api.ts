import type { ExhibitItem, GalleryItem, ProjectPage, ResourceLink, SiteContent, TrendingUser } from '@atelier/contracts';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { apiRequest } from './api-client';

// The public content API (/api/content/*, DESIGN.md section 4): read-only, cached by the server with
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
};

const fetched = new Map<string, Promise<unknown>>();

function get<T>(path: string): Promise<T> {
  let answer = fetched.get(path);
  if (!answer) {
    answer = apiRequest<T>(path).then((response) => response.data);
    // A failed call is not remembered: the next visit tries again.
    answer.catch(() => fetched.delete(path));
    fetched.set(path, answer);
  }
  return answer as Promise<T>;
}

/**
 * Content answered before the first render, by path. On the server, a page render collects in
 * `missing` the paths it asked for and lacked, and renders again once they are fetched; in the
 * browser, the answers the server rendered with come with the page, so hydration shows the same.
 */
export interface PreloadedContent {
  answers: Readonly<Record<string, unknown>>;
  missing?: Set<string>;
}

export const PreloadedContentContext = createContext<PreloadedContent | null>(null);

/** Keeps the server's answers as this page's (later visits to the same content reuse them). */
export function rememberContent(answers: Readonly<Record<string, unknown>>): void {
  for (const [path, data] of Object.entries(answers)) fetched.set(path, Promise.resolve(data));
}

/** Forgets every answer (tests; and after the owner changes content in this tab, a reload does the same). */
export function clearContentCache(): void {
  fetched.clear();
}

export type ContentState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads content for a component: `useContent(contentApi.gallery)`, or with an argument,
 * `useContent(contentApi.project, slug)`. Failures are logged and reported as `error`. Content the
 * page came with (PreloadedContentContext) is ready on the first render.
 */
export function useContent<T, A extends unknown[]>(load: ContentResource<T, A>, ...args: A): ContentState<T> {
  const preloaded = useContext(PreloadedContentContext);
  const key = JSON.stringify(args);
  const path = load.path?.(...args);
  const isPreloaded = path !== undefined && preloaded !== null && Object.hasOwn(preloaded.answers, path);
  if (path !== undefined && !isPreloaded) preloaded?.missing?.add(path);

  const [state, setState] = useState<ContentState<T>>(() =>
    isPreloaded ? { status: 'ready', data: preloaded.answers[path] as T } : { status: 'loading' },
  );
  // The arguments the first render was answered for: nothing to fetch for them.
  const preloadedKey = useRef(isPreloaded ? key : null);

  useEffect(() => {
    if (preloadedKey.current === key) return;
    preloadedKey.current = null;
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
