import * as fs from 'node:fs';
import * as path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { RenderedPage } from '@atelier/contracts';

/** Paths the SPA never answers: the API (and its aliases) and content/uploads under /assets. */
const SERVER_PATHS = /^\/(api|express|fastapi|assets)(\/|$)/;

/** What a server render reads of a request: the URL as the client sent it (the page is the same for every visitor). */
export interface PageRequest {
  url: string;
}

/** Server-rendered pages: the page's first HTML and status, or null where the app shell should answer as it is. */
export interface PageSource {
  render(request: PageRequest): Promise<RenderedPage | null>;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every file of the build, as URL paths (`/static/index-abc.js`); the build does not change while the server runs. */
function builtFiles(distDir: string): Set<string> {
  const entries = fs.readdirSync(distDir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => '/' + path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
}

function decodedPath(url: string): string | undefined {
  const mark = url.indexOf('?');
  try {
    return decodeURIComponent(mark < 0 ? url : url.slice(0, mark));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built frontend: Vite's hashed bundles under /static/ are immutable and cached for a
 * year; index.html and other root files must be revalidated so a deploy shows up on next load.
 * Any other GET page path answers index.html, where the client router takes over (and shows its
 * own error screen for unknown paths). Pages the server renders (`pages`) answer their own HTML.
 * Answers false when there is no build to serve.
 */
export async function registerFrontend(fastify: FastifyInstance, distDir: string, pages?: PageSource): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const files = builtFiles(distDir);
  const hashedAssets = path.join(distDir, 'static') + path.sep;

  await fastify.register(async (frontend) => {
    await frontend.register(fastifyStatic, {
      root: distDir,
      serve: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.startsWith(hashedAssets) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
    frontend.get('/*', async (request, reply) => {
      const pathname = decodedPath(request.url);
      // The API's unknown paths answer its JSON 404; a missing /static/ file is a real 404 (a stale bundle), not a page.
      if (pathname === undefined || SERVER_PATHS.test(pathname)) return reply.callNotFound();
      if (files.has(pathname) && pathname !== '/index.html') return reply.sendFile(pathname.slice(1));
      if (pathname.startsWith('/static/')) return reply.callNotFound();
      reply.header('Cache-Control', 'no-cache');
      // The shell asked for by its file name is the shell, not a route the router lacks.
      if (pathname === '/index.html') return reply.sendFile('index.html');
      const page = pages ? await pages.render({ url: request.raw.url ?? request.url }) : null;
      return page === null ? reply.sendFile('index.html') : reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    });
  });
  return true;
}
