import type { Socket } from 'node:net';
import type { ErrorBody } from '@atelier/contracts';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers over 16 KiB, a
 * malformed request line) get the API's JSON error body too, instead of a bare status line.
 * Fastify's `clientErrorHandler`.
 */
export function answerClientErrorAsJson(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && !socket.readable)) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body: ErrorBody = tooLarge
    ? { statusCode: 431, code: 'PAYLOAD_TOO_LARGE', message: 'The request line or headers are too large' }
    : { statusCode: 400, code: 'VALIDATION_FAILED', message: 'The HTTP request is malformed' };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
