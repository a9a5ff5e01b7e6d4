// The original client talked to two bases, /express and /fastapi; both stay valid aliases of /api (docs/requirements/api.md#bases).
const ALIAS = /^\/(express|fastapi)(?=\/|$|\?)/;
// Sociopedia's server answered its calls and its pictures from one root, so a client given /express as
// that root asks for /express/assets/<file>: the site's own /assets.
const EXPRESS_ASSETS = /^\/express(?=\/assets(\/|$|\?))/;

/** The URL the router matches: an alias base becomes /api (the request keeps its original URL for logs). */
export function rewriteApiAlias(url: string): string {
  if (!ALIAS.test(url)) return url;
  return EXPRESS_ASSETS.test(url) ? url.slice('/express'.length) : url.replace(ALIAS, '/api');
}
