import type { z } from 'zod';
import type { errorBodySchema, fieldErrorSchema } from './errors.schemas';

/** Stable error codes of every API error body; clients branch on these, never on messages. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem with one input field; `field` is a dotted path such as `email` or `friends.0`. */
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one JSON shape every API error has. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const REQUEST_ID_HEADER = 'x-request-id';
