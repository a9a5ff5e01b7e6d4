import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet's middleware sets for `options`, collected once by running it against a
 * response that only records them. With static options (no per-request nonce functions) they are the
 * same on every answer, so each request copies a ready object instead of running helmet's twelve
 * middlewares and Node's header validation twice (on setHeader, then again on writeHead).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function')) {
    throw new Error('A CSP directive is computed per request (a nonce function): its headers cannot be computed once');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** Helmet's headers on every answer Fastify sends: API, errors, media, the built frontend. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
