import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';

/** What browsers accept, best first; a client accepting neither gets the bytes as they are. */
const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** As @fastify/compress: smaller answers are not worth a Content-Encoding. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli answers a view of zlib's 16 KB output chunk: a cached page's 1 KB held all 16 KB. A copy of
 * its own size lets the chunk go at once. (gzip's answer is a copy already.)
 */
const ownBytes = (encoded: Buffer): Buffer => {
  // Unpooled: a pooled copy may itself be a view of a larger block (Node 26 pools bigger ones).
  const own = Buffer.allocUnsafeSlow(encoded.length);
  encoded.copy(own);
  return own;
};

const compressors: Record<ContentCoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 4, as @fastify/compress uses: 11 costs many times the CPU for a few percent.
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).then(ownBytes),
  gzip: (bytes) => promisify(gzip)(bytes),
};

/** Browsers send a handful of distinct Accept-Encoding values; a bounded cache spares parsing each. */
const negotiator = new Negotiator<ContentCoding | 'identity'>({
  supportedValues: [...CODINGS, 'identity'],
  cache: new LRUCache<string, string>({ max: 256 }),
});

/** The coding to send for this Accept-Encoding, or undefined for the bytes as they are. */
function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  const coding = acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
  return coding === null || coding === 'identity' ? undefined : coding;
}

/** A weak ETag of the bytes sent: equal bytes, equal tag, in every process (and in every coding). */
function weakEtag(body: Buffer | string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/**
 * JSON bytes that may be sent many times (a cached feed page): the ETag is taken once, and each
 * compressed form is made once, off the event loop, when a client first asks for it. Compressing
 * on every send cost a browser's cached page four times the CPU of the page itself.
 */
export class ReadyJson {
  readonly etag: string;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(readonly bytes: Buffer) {
    this.etag = weakEtag(bytes);
  }

  static of(value: unknown): ReadyJson {
    return new ReadyJson(Buffer.from(JSON.stringify(value)));
  }

  encodedAs(coding: ContentCoding): Promise<Buffer> {
    let encoded = this.encoded.get(coding);
    if (!encoded) {
      encoded = compressors[coding](this.bytes);
      this.encoded.set(coding, encoded);
      encoded.catch(() => this.encoded.delete(coding)); // a failure is not remembered; the caller sees it
    }
    return encoded;
  }
}

/**
 * Sends JSON with its ETag, compressed as the client accepts (the Vary header says the answer
 * depends on it); a GET whose If-None-Match names the tag gets 304 and no body, so a revalidating
 * client downloads nothing while the answer is unchanged. A client accepting neither br nor gzip
 * (only deflate, or nothing) gets the bytes as they are.
 */
export function sendReadyJson(request: FastifyRequest, reply: FastifyReply, json: ReadyJson): FastifyReply | Promise<FastifyReply> {
  reply.header('ETag', json.etag).type('application/json; charset=utf-8');
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  if (conditional && fresh(request.headers, { etag: json.etag })) return reply.code(304).send();
  if (json.bytes.length < MIN_COMPRESSED_BYTES) return reply.send(json.bytes);
  const vary = reply.getHeader('Vary'); // CORS may have named Origin
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (!coding) return reply.send(json.bytes);
  // Only a compressed answer waits (once per page and coding); the rest are sent without a promise.
  return json.encodedAs(coding).then((encoded) => reply.header('Content-Encoding', coding).send(encoded));
}

/**
 * Marks a route that answers through sendReadyJson: it negotiates and compresses itself, so
 * @fastify/compress adds none of its per-request hooks to it (their checks were about a twentieth
 * of the CPU of a cached feed page).
 */
export const AnswersReadyJson = (): MethodDecorator => RouteConfig({ compress: false });
