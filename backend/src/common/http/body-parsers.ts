import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

// Requests are small JSON documents; uploads go through multipart handlers with their own limits.
const JSON_LIMIT = '256kb';

const PARSE_ERRORS: Record<string, AppError> = {
  'entity.parse.failed': new AppError('VALIDATION_FAILED', 'The request body is not valid JSON'),
  'entity.too.large': new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${JSON_LIMIT}`),
  'encoding.unsupported': new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported'),
  'charset.unsupported': new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body charset is not supported'),
};

/** Body-parser failures become AppErrors here, so the exception filter answers them in the API's shape. */
const parseErrors: ErrorRequestHandler = (error: { type?: string }, _request, _response, next) => {
  next((error.type && PARSE_ERRORS[error.type]) || error);
};

export function bodyParsers(): Array<RequestHandler | ErrorRequestHandler> {
  return [express.json({ limit: JSON_LIMIT }), express.urlencoded({ extended: false, limit: JSON_LIMIT }), parseErrors];
}
