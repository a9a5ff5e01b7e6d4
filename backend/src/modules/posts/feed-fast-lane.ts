import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, Server, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, deflateSync, gzipSync } from 'node:zlib';
import { NEXT_CURSOR_HEADER } from '@atelier/contracts';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import type { RequestLogging } from '../../common/logging/logging.module';
import type { VerifiedTokens } from '../auth/verified-tokens';
import type { ServedPage } from './feed-cache';
import type { PostsService } from './posts.service';

export const FEED_FAST_LANE_PATH = '/api/posts';

export interface FeedFastLane {
  posts: PostsService;
  tokens: VerifiedTokens;
  /** What the app's header middlewares (helmet, cors) set on every plain GET; see probedHeaders. */
  staticHeaders: OutgoingHttpHeaders;
  logRequest: RequestLogging;
}

// As the `compression` middleware negotiates and encodes (its defaults: 1 KiB threshold, brotli quality 4).
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];
const COMPRESSION_THRESHOLD = 1024;
const ENCODERS: Record<string, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/** Each cached page is compressed once per encoding, not once per request as the middleware does. */
const encodedBodies = new WeakMap<ServedPage, Map<string, Buffer>>();

function encodedBody(page: ServedPage, encoding: string): Buffer {
  let bodies = encodedBodies.get(page);
  if (!bodies) encodedBodies.set(page, (bodies = new Map()));
  let body = bodies.get(encoding);
  if (!body) bodies.set(encoding, (body = encoding === 'identity' ? Buffer.from(page.body) : ENCODERS[encoding](page.body)));
  return body;
}

function negotiatedEncoding(request: IncomingMessage, body: Buffer): string {
  if (body.length < COMPRESSION_THRESHOLD || !request.headers['accept-encoding']) return 'identity';
  return new Negotiator(request).encoding(ENCODINGS, PREFERRED_ENCODINGS) ?? 'identity';
}

/** The headers every answer carries, worked out once: a 304's, and a 200's before its page's own. */
interface FixedHeaders {
  notModified: OutgoingHttpHeaders;
  ok: OutgoingHttpHeaders;
}

function fixedHeaders(staticHeaders: OutgoingHttpHeaders): FixedHeaders {
  // compression adds Accept-Encoding to whatever Vary the header middlewares set.
  const vary = staticHeaders.vary ? `${String(staticHeaders.vary)}, Accept-Encoding` : 'Accept-Encoding';
  return { notModified: staticHeaders, ok: { ...staticHeaders, 'content-type': 'application/json; charset=utf-8', vary } };
}

/**
 * Answers the request from the page cache if it is one the full route would answer with a cached
 * first page, exactly as that route would; returns false, having touched nothing, for any other.
 */
function answerFromCache(request: IncomingMessage, response: ServerResponse, lane: FeedFastLane, fixed: FixedHeaders): boolean {
  if (request.method !== 'GET' || request.url !== FEED_FAST_LANE_PATH || request.headers.origin !== undefined) return false;
  const memberId = lane.tokens.activeMemberOf(request);
  const page = memberId && lane.posts.cachedFirstFeedPage(memberId);
  if (!page) return false;

  lane.logRequest(request, response, () => undefined);
  const pageHeaders: OutgoingHttpHeaders = { etag: page.etag };
  if (page.nextCursor) pageHeaders[NEXT_CURSOR_HEADER] = page.nextCursor;
  // Express turns a matching If-None-Match into a bodiless 304 without a Content-Type, which
  // compression then leaves alone (no Vary: Accept-Encoding either).
  if (fresh(request.headers, { etag: page.etag })) {
    response.writeHead(304, { ...fixed.notModified, ...pageHeaders });
    response.end();
    return true;
  }
  const encoding = negotiatedEncoding(request, encodedBody(page, 'identity'));
  const body = encodedBody(page, encoding);
  const headers: OutgoingHttpHeaders = { ...fixed.ok, ...pageHeaders };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(body);
  return true;
}

/**
 * The Matrix Network's hot read, `GET /api/posts` (the first feed page), answered from the page
 * cache ahead of Express and Nest: their per-request work is most of the feed's cost, and DESIGN
 * section 10 asks for at least 40% of a bare node:http server. The lane takes only requests it can
 * answer exactly as the full route would: no query, no Origin header, a bearer token the guard has
 * already verified whose member is known active, and a cached page. Everything else, every error
 * included, goes the usual way (test/feed-fast-lane.int-spec.ts compares the two answers).
 */
export function serveCachedFeedFirst(server: Server, lane: FeedFastLane): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`serveCachedFeedFirst: expected the app as the one request listener, found ${listeners.length}`);
  const [app] = listeners;
  server.removeListener('request', app);
  const fixed = fixedHeaders(lane.staticHeaders);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!answerFromCache(request, response, lane, fixed)) app(request, response);
  });
}
