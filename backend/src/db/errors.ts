import { DrizzleQueryError } from 'drizzle-orm';

// PostgreSQL error codes, read the same way from pg and PGlite errors (Drizzle wraps them in `cause`).
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function sqlState(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === FOREIGN_KEY_VIOLATION;

/**
 * Runs a write whose referenced row (a post, a member) may be deleted between the service's check
 * and the write; that race surfaces as a foreign-key violation, answered here as `gone()`.
 */
export async function unlessReferenceGone<T>(write: Promise<T>, gone: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isForeignKeyViolation(error) ? gone() : error;
  }
}

/** Drizzle's wrapper around a failed query: its `query` is the statement, its `cause` the driver's error. */
export const isFailedQuery = (error: unknown): error is DrizzleQueryError => error instanceof DrizzleQueryError;
