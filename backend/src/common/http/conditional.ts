import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** A weak ETag of the bytes sent: equal bytes, equal tag, in every process. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Sends a JSON body with its ETag; a GET whose If-None-Match names it gets 304 and no body, so a
 * revalidating client downloads nothing while the answer is unchanged.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: Buffer | string, etag: string): FastifyReply {
  reply.header('ETag', etag).type('application/json; charset=utf-8');
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  return conditional && fresh(request.headers, { etag }) ? reply.code(304).send() : reply.send(body);
}
