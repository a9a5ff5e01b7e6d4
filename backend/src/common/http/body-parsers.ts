import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

// Requests are small JSON documents; uploads go through multipart handlers with their own limits.
export const BODY_LIMIT_BYTES = 256 * 1024;
const BODY_LIMIT = '256kb';

/**
 * JSON and urlencoded bodies. An empty JSON body reads as no body (as Express read it), so the
 * route's validation says which fields are missing rather than "not valid JSON".
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) =>
    (body as string).trim() === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, { ...parseQueryString(body as string) }),
  );
  // Left unread here: the routes that take a file read their form with multer (PictureUpload), with their own limits.
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

const BODY_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${BODY_LIMIT}`),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body type is not supported: send JSON'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('VALIDATION_FAILED', 'The request body is shorter or longer than its Content-Length'),
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('VALIDATION_FAILED', 'The request body is not valid JSON'),
};

/** Fastify's own body errors, said in the API's words; other errors pass through unchanged. */
export function bodyError(error: unknown): unknown {
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code && BODY_ERRORS[code]) return BODY_ERRORS[code];
  // The JSON parser's SyntaxError, and its refusal of __proto__ / constructor.prototype keys.
  if (error instanceof SyntaxError && statusCode === 400) return BODY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
  if (statusCode === 400 && /forbidden prototype property/.test((error as Error).message)) {
    return new AppError('VALIDATION_FAILED', 'The request body must not set __proto__ or constructor.prototype');
  }
  return error;
}
