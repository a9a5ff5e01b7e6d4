import { useMatches, type Params } from 'react-router-dom';

/** What each route declares about its page: document title, meta description and visible heading. */
export interface RouteMeta {
  title: string;
  description: string;
  /** The page's h1 when it differs from the title. */
  heading?: string;
}

/** A page whose title comes from its content (a project's page): its meta from what its loader answered. */
export type ContentMeta = (data: unknown, params: Params) => RouteMeta;

export interface RouteMetaHandle {
  meta: RouteMeta | ContentMeta;
  /** The server renders this page (see showcasePage in app/router.tsx). */
  serverRendered?: boolean;
}

export function isRouteMetaHandle(handle: unknown): handle is RouteMetaHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

interface MetaMatch {
  handle: unknown;
  data: unknown;
  params: Params;
}

/** The meta of the deepest route that declares one, given its loader's answer. */
export function routeMetaOf(matches: readonly MetaMatch[]): RouteMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle, data, params } = matches[index];
    if (isRouteMetaHandle(handle)) return typeof handle.meta === 'function' ? handle.meta(data, params) : handle.meta;
  }
  return undefined;
}

/** The meta of the shown page. */
export function useRouteMeta(): RouteMeta | undefined {
  return routeMetaOf(useMatches());
}
