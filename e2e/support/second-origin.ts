import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Another site on this machine, for specs that use the API the way a client served elsewhere does
// (a Sociopedia client on its own dev server): the app's port + 1 on the same host, a different
// origin that playwright.config.ts lists in the server's CORS_ORIGINS.

/** The second origin for the app at `baseURL`. */
export function secondOriginOf(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
}

export interface SecondOrigin {
  origin: string;
  close(): Promise<void>;
}

/** Serves an empty page at the second origin (any path), for a spec to run another site's code in. */
export async function serveSecondOrigin(baseURL: string, title: string): Promise<SecondOrigin> {
  const origin = secondOriginOf(baseURL);
  const { hostname, port } = new URL(origin);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body></body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/favicon.ico') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`The second origin ${origin} cannot listen: ${error.message}`)));
    server.listen(Number(port), hostname, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://${hostname}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the browser keeps its connection open
      }),
  };
}
