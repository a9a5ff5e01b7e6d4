import type { PublicReads } from './public-reads';

// The frontend's server render (frontend/src/entry-server.tsx, built to dist-server/entry-server.cjs,
// imported as @atelier/frontend/server) as the backend loads and calls it (backend/src/modules/pages).

export interface PageRequest {
  /** The absolute URL asked for. The page does not depend on the visitor: the layout is in its styles. */
  url: string;
  /** The built index.html, into which the page goes. */
  template: string;
}

/** A page's first HTML: the whole page for the showcase, else the app shell with the route's own head. */
export interface RenderedPage {
  /** 200; 404 for a path no route matches (the router's error screen) or a page of content that does not exist. */
  status: number;
  html: string;
}

export interface ServerEntry {
  /** null: answer index.html as it is (a redirect). The page's loaders read its content from `reads`. */
  renderPage(request: PageRequest, reads: PublicReads): Promise<RenderedPage | null>;
}
