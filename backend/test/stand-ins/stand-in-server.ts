// The plumbing shared by the GPU worker stand-ins: a node:http server on 127.0.0.1 (random port)
// that records every request, answers through a provider-specific route, can hang on purpose,
// and closes for good (open sockets included) so neither the server nor Jest waits on a hung call.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * How a stand-in answers; settable at any time and read on every request.
 *
 * - `ok`: the documented success answers (queue-based stand-ins need at least one poll first).
 * - `fail`: the worker is in trouble: generation ends in the provider's own failure report
 *   (A1111 error JSON with 500, ComfyUI `execution_error`, RunPod `FAILED`), health answers 500.
 * - `hang`: every request is accepted and never answered (until `close()`).
 * - `garbage`: generation "succeeds" with bytes that are not an image; health is fine.
 * - `unauthorized`: every request answers 401, whatever credentials it carries.
 * - `server-error`: every request answers a plain-text 500, like a crashed process behind a proxy.
 */
export type StandInBehaviour = 'ok' | 'fail' | 'hang' | 'garbage' | 'unauthorized' | 'server-error';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/sdapi/v1/txt2img`. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, the text otherwise, undefined when empty. */
  body: unknown;
}

/** What every stand-in offers; each adds its own knobs. */
export interface StandIn {
  /** The base URL to register the worker with. */
  readonly url: string;
  /** Every request received so far, oldest first (hung ones included). */
  readonly requests: RecordedRequest[];
  behaviour: StandInBehaviour;
  /** Stops listening and destroys open connections, hung requests included. */
  close(): Promise<void>;
}

export type StandInRoute = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

export interface StandInServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** For stand-ins that also take WebSocket upgrades. */
  server: http.Server;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, port 0. `behaviour` is asked on every request, so tests may change it at any time. */
export async function listenStandIn(route: StandInRoute, behaviour: () => StandInBehaviour): Promise<StandInServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((incoming, response) => {
    // A client that hangs up mid-body (an aborted call) must not become an unhandled rejection.
    handle(incoming, response).catch(() => response.destroy());
  });

  async function handle(incoming: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const request = await record(incoming);
    requests.push(request);
    const current = behaviour();
    if (current === 'hang') return; // close() destroys the socket
    if (current === 'server-error') return sendText(response, 500, 'Internal Server Error');
    try {
      await route(request, response);
    } catch (error) {
      if (!response.headersSent) sendText(response, 500, `stand-in route failed: ${String(error)}`);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function record(incoming: http.IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(incoming.url ?? '/', 'http://stand-in');
  return {
    method: incoming.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: incoming.headers,
    body: parseBody(text),
  };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

export function sendText(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendBytes(response: http.ServerResponse, bytes: Buffer, contentType = 'image/png'): void {
  response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
  response.end(bytes);
}

/** True when the request carries `Bearer <apiKey>` (or the bare key, which RunPod also accepts). */
export function hasBearer(request: RecordedRequest, apiKey: string): boolean {
  const header = request.headers.authorization;
  return header === `Bearer ${apiKey}` || header === apiKey;
}

/** What `garbage` stand-ins return where a picture belongs. */
export const GARBAGE_IMAGE = Buffer.from('this is certainly not a picture, just some bytes');

/** The solid colour a stand-in paints for a seed, so tests can tell which seed made a picture. */
export function standInColour(seed: number): { r: number; g: number; b: number } {
  const hash = Math.imul(Math.abs(Math.trunc(seed)) % 4294967296 >>> 0, 2654435761) >>> 0;
  return { r: hash >>> 24, g: (hash >>> 16) & 0xff, b: (hash >>> 8) & 0xff };
}

/** A real PNG of the requested size in the seed's colour (sizes clamped to 8..2048). */
export function solidPng(width: number, height: number, seed: number): Promise<Buffer> {
  const side = (value: number) => (Number.isInteger(value) ? Math.min(Math.max(value, 8), 2048) : 512);
  return sharp({ create: { width: side(width), height: side(height), channels: 3, background: standInColour(seed) } })
    .png()
    .toBuffer();
}

/** Resolves with the first recorded request that matches, polling every few ms (for calls made in the background). */
export async function waitForRequest(
  standIn: Pick<StandIn, 'requests'>,
  matches: (request: RecordedRequest) => boolean,
  timeoutMs = 5_000,
): Promise<RecordedRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = standIn.requests.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching request reached the stand-in within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface PictureSummary {
  format: string | undefined;
  width: number;
  height: number;
  /** The top-left pixel; stand-in pictures are one colour (standInColour of the seed). */
  colour: { r: number; g: number; b: number };
}

/** What a test needs to know about a returned picture. */
export async function describePicture(png: Buffer): Promise<PictureSummary> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { format } = await sharp(png).metadata();
  return { format, width: info.width, height: info.height, colour: { r: data[0], g: data[1], b: data[2] } };
}
