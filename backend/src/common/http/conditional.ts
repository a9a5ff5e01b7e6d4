import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/**
 * Sends a JSON body with its ETag; a GET whose If-None-Match names it gets 304 and no body, so a
 * revalidating client downloads nothing while the answer is unchanged.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: Buffer | string, etag: string): FastifyReply {
  reply.header('ETag', etag).type('application/json; charset=utf-8');
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  return conditional && fresh(request.headers, { etag }) ? reply.code(304).send() : reply.send(body);
}
