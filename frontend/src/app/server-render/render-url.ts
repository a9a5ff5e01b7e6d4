// The query parameters a server-rendered page reads: `dna` (router.tsx's lifeContent, the Bot Folk
// page's useSearchParams). Only these reach the render and its cache key, so `/?x=1`, `/?x=2`… are
// one render of `/`, not one each (render-url.spec.ts checks the list against the sources).
export const PAGE_QUERY_PARAMETERS = ['dna'] as const;

/** The URL as the server render sees it: other parameters dropped, the ones pages read sorted by name. */
export function renderedUrl(url: string): URL {
  const rendered = new URL(url);
  const kept = new URLSearchParams();
  for (const name of [...PAGE_QUERY_PARAMETERS].sort()) {
    for (const value of rendered.searchParams.getAll(name)) kept.append(name, value);
  }
  rendered.search = kept.toString();
  return rendered;
}
