import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A slow network's way of delivering a page: the HTML arrives in two parts with a pause between,
// so the browser may draw what it has parsed so far. Everything else passes through untouched.

export interface StallingProxy {
  /** Where to point the browser: http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

interface StallOptions {
  /** Where to split each HTML answer: the length of its first part (out of range: not split). */
  splitAt: (html: string) => number;
  /** The pause before the rest, in ms. */
  pauseMs: number;
}

export async function startStallingProxy(target: string, { splitAt, pauseMs }: StallOptions): Promise<StallingProxy> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    // Uncompressed, so the split falls where the test says; the original answer's other headers stay.
    const headers = { ...request.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers }, (answer) => {
      if (!String(answer.headers['content-type']).startsWith('text/html')) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8');
        const at = splitAt(html);
        const cut = at > 0 && at < html.length ? at : html.length;
        const { 'content-length': _length, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, rest);
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), pauseMs);
      });
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
