import { useMatches } from 'react-router-dom';

/** What each route declares about its page: document title, meta description and visible heading. */
export interface RouteMeta {
  title: string;
  description: string;
  /** The page's h1 when it differs from the title. */
  heading?: string;
}

export interface RouteMetaHandle {
  meta: RouteMeta;
  /** The server renders this page (see showcasePage in app/router.tsx). */
  serverRendered?: boolean;
}

export function isRouteMetaHandle(handle: unknown): handle is RouteMetaHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The meta of the deepest matched route that declares one. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle } = matches[index];
    if (isRouteMetaHandle(handle)) return handle.meta;
  }
  return undefined;
}
