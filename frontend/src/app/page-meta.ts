import { useEffect } from 'react';
import type { RouteMeta } from '../components/route-meta';

/** Keeps document.title and <meta name="description"> in step with the shown page. */
export function usePageMeta({ title, description }: Pick<RouteMeta, 'title' | 'description'>) {
  useEffect(() => {
    document.title = title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
