// The frontend's server render (frontend/src/entry-server.tsx, built to dist-server/entry-server.cjs)
// as the backend loads and calls it (backend/src/modules/pages).

export interface PageRequest {
  /** The absolute URL asked for. The page does not depend on the visitor: the layout is in its styles. */
  url: string;
  /** The built index.html, into which the page goes. */
  template: string;
}

/**
 * Answers one public API read (`/content/site`, `/pyface?dna=…`), as GET /api<path> would: null where
 * it would answer 404 (a project that does not exist), a throw where it would fail otherwise.
 */
export type ContentFetcher = (path: string) => Promise<unknown>;

/** A page's first HTML: the whole page for the showcase, else the app shell with the route's own head. */
export interface RenderedPage {
  /** 200; 404 for a path no route matches (the router's error screen) or a page of content that does not exist. */
  status: number;
  html: string;
}

export interface ServerEntry {
  /** null: answer index.html as it is (a redirect). */
  renderPage(request: PageRequest, fetchContent: ContentFetcher): Promise<RenderedPage | null>;
}
