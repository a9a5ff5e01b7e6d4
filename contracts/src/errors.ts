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
export interface FieldError {
  field: string;
  message: string;
}

/** The one JSON shape every API error has. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: FieldError[];
}

export const REQUEST_ID_HEADER = 'x-request-id';
