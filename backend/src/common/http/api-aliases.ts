// The spec's original client talked to two bases, /express and /fastapi; both stay valid aliases of /api.
const ALIAS = /^\/(express|fastapi)(?=\/|$|\?)/;

/** The URL the router matches: an alias base becomes /api (the request keeps its original URL for logs). */
export function rewriteApiAlias(url: string): string {
  return ALIAS.test(url) ? url.replace(ALIAS, '/api') : url;
}
