import type { ExhibitItem, GalleryItem, ProjectPage, ResourceLink, SiteContent, TrendingUser } from '@atelier/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

// The public content API (/api/content/*, DESIGN.md section 4): read-only, cached by the server with
// ETags. Answers are kept for the page's lifetime, so going back to a page shows it at once.

export const contentApi = {
  site: () => get<SiteContent>('/content/site'),
  project: (slug: string) => get<ProjectPage>(`/content/projects/${encodeURIComponent(slug)}`),
  gallery: () => get<GalleryItem[]>('/content/gallery'),
  exhibit: () => get<ExhibitItem[]>('/content/exhibit'),
  resources: () => get<ResourceLink[]>('/content/resources'),
  trending: () => get<TrendingUser[]>('/content/trending'),
};

const answers = new Map<string, Promise<unknown>>();

function get<T>(path: string): Promise<T> {
  let answer = answers.get(path);
  if (!answer) {
    answer = apiRequest<T>(path).then((response) => response.data);
    // A failed call is not remembered: the next visit tries again.
    answer.catch(() => answers.delete(path));
    answers.set(path, answer);
  }
  return answer as Promise<T>;
}

/** Forgets every answer (tests; and after the owner changes content in this tab, a reload does the same). */
export function clearContentCache(): void {
  answers.clear();
}

export type ContentState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads content for a component: `useContent(contentApi.gallery)`, or with an argument,
 * `useContent(contentApi.project, slug)`. Failures are logged and reported as `error`.
 */
export function useContent<T, A extends unknown[]>(load: (...args: A) => Promise<T>, ...args: A): ContentState<T> {
  const [state, setState] = useState<ContentState<T>>({ status: 'loading' });
  const key = JSON.stringify(args);
  useEffect(() => {
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
