import { isFailedQuery } from '../../db/errors';

/**
 * Fields of database and HTTP errors that name what failed without carrying what was stored: a
 * PostgreSQL error's `detail` ("Key (email)=(ada@…) already exists") and `where` are left out.
 */
const SAFE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine', 'statusCode', 'status', 'errno', 'syscall'] as const;
const MAX_CAUSES = 5;

/** Quoted text in a database message is often a value ('invalid input syntax for type uuid: "…"'). */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

function firstLineReplaced(stack: string | undefined, headline: string): string | undefined {
  if (!stack) return undefined;
  const frames = stack.indexOf('\n    at ');
  return frames < 0 ? headline : headline + stack.slice(frames);
}

/**
 * pino's `err` serializer for every log line. A failed query's error names its statement, with `$1`
 * placeholders, never its parameters (an email, a password hash, a post's text), and the message
 * and stack of every error in the cause chain say the same; the database's own message keeps its
 * words but not the values it quotes.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const isQuery = isFailedQuery(error);
  const message = isQuery ? 'Failed query' : withoutQuotedValues(error.message);
  const type = error.constructor.name;
  const serialized: Record<string, unknown> = { type, message, stack: firstLineReplaced(error.stack, `${type}: ${message}`) };
  if (isQuery) serialized.statement = error.query;
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}
