import * as fs from 'node:fs';
import * as path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Paths the SPA never answers: the API (and its aliases) and content/uploads under /assets. */
const SERVER_PATHS = /^\/(api|express|fastapi|assets)(\/|$)/;

/** Server-rendered pages: the page's HTML, or null where the app shell should answer. */
export interface PageSource {
  render(request: Request): Promise<string | null>;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built frontend: Vite's hashed bundles under /static/ are immutable and cached for a
 * year; index.html and other root files must be revalidated so a deploy shows up on next load.
 * Any other GET page path answers index.html, where the client router takes over (and shows its
 * own error screen for unknown paths). Pages the server renders (`pages`) answer their own HTML.
 */
export function frontendHandlers(distDir: string, pages?: PageSource): RequestHandler[] | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;

  const files = express.static(distDir, {
    index: false,
    setHeaders(response, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(distDir, 'static') + path.sep);
      response.setHeader(
        'Cache-Control',
        isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });

  const spaFallback = (request: Request, response: Response, next: NextFunction) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    // A missing /static/ file is a real 404 (a stale bundle), not a page.
    if (!isPageRequest || SERVER_PATHS.test(request.path) || request.path.startsWith('/static/')) {
      return next();
    }
    response.setHeader('Cache-Control', 'no-cache');
    const rendered = pages ? pages.render(request) : Promise.resolve(null);
    rendered.then(
      (html) => (html === null ? response.sendFile(indexFile) : response.type('html').send(html)),
      next,
    );
  };

  const onlyClientPaths: RequestHandler = (request, response, next) =>
    SERVER_PATHS.test(request.path) ? next() : files(request, response, next);

  return [onlyClientPaths, spaFallback];
}
