import { useContext } from 'react';
import { useMatches, type Params } from 'react-router-dom';
import { PageContentContext, type PageContent } from '../store/content-api';

/** What each route declares about its page: document title, meta description and visible heading. */
export interface RouteMeta {
  title: string;
  description: string;
  /** The page's h1 when it differs from the title. */
  heading?: string;
}

/**
 * A page's meta from the content its loaders answered: the owner's texts for the page (the site's
 * settings), or a project's or GPU ad's own title.
 */
export type ContentMeta = (content: PageContent, params: Params) => RouteMeta;

export interface RouteMetaHandle {
  meta: ContentMeta;
  /** The server renders this page (see showcasePage in app/router.tsx). */
  serverRendered?: boolean;
}

export function isRouteMetaHandle(handle: unknown): handle is RouteMetaHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

interface MetaMatch {
  handle: unknown;
  params: Params;
}

/** The meta of the deepest route that declares one, given the page's content. */
export function routeMetaOf(matches: readonly MetaMatch[], content: PageContent): RouteMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle, params } = matches[index];
    if (isRouteMetaHandle(handle)) return handle.meta(content, params);
  }
  return undefined;
}

/** The meta of the shown page. */
export function useRouteMeta(): RouteMeta | undefined {
  return routeMetaOf(useMatches(), useContext(PageContentContext));
}
