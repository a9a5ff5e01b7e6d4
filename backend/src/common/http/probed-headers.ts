import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';

export type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers `middlewares` set on a `GET url` without an Origin header, found by running them once
 * on a probe request. Meant for middlewares whose headers are the same on every such request
 * (helmet, cors with fixed options); one that does not call next() at once is refused.
 */
export function probedHeaders(middlewares: readonly HeaderMiddleware[], url: string): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = url;
  const response = new ServerResponse(request);
  for (const middleware of middlewares) {
    let passed = false;
    middleware(request, response, (error) => {
      if (error) throw error;
      passed = true;
    });
    if (!passed) throw new Error(`probedHeaders: ${middleware.name || 'a middleware'} did not call next() at once`);
  }
  return response.getHeaders();
}
