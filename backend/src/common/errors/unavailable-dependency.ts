import { isFailedQuery } from '../../db/errors';

/** A backing service the API cannot do its work without. */
export type Dependency = 'database' | 'queue';

// SQLSTATE class 08 is "connection exception"; 57P01-57P03 are an administrator's or a crash's
// shutdown and "the database system is starting up"; 53300 is "too many connections".
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

// Socket failures. They say "unreachable" only inside a database query or transaction: the same codes from a GPU
// worker's HTTP call mean that worker is down, which is not the API's database.
const SOCKET_FAILURE = /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

// node-postgres reports a dropped, refused or timed-out connection with these messages and no code.
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

// ioredis: a command refused while the connection is down (no offline queue), retried out, or cut off.
const REDIS_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_MESSAGES = [/^Connection is closed\.$/, /^Stream isn't writeable and enableOfflineQueue options is false$/];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error, its causes, and (Node's multi-address connect) the attempts of an AggregateError. */
function* causes(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 8) return;
  const current = error as ErrorLike;
  yield current;
  if (Array.isArray(current.errors)) for (const inner of current.errors) yield* causes(inner, depth + 1);
  yield* causes(current.cause, depth + 1);
}

/**
 * A transaction that failed before its work began: checking a client out of the pool, or BEGIN.
 * With PostgreSQL down, the checkout fails with the bare socket error and no query to wrap it;
 * this says it was the database's (db/database.ts wraps every transaction so).
 */
export class TransactionNotStarted extends Error {
  constructor(cause: unknown) {
    super('The database transaction could not start', { cause });
    this.name = 'TransactionNotStarted';
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Which dependency an error says is unreachable (stopped, restarting, refusing connections), or
 * undefined for any other error. Such a failure is temporary: the API answers 503, not 500.
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  const chain = [...causes(error)];
  const inDatabaseQuery = chain.some((cause) => isFailedQuery(cause) || cause instanceof TransactionNotStarted);
  for (const cause of chain) {
    const code = text(cause.code);
    const message = text(cause.message);
    if (UNAVAILABLE_SQLSTATE.test(code)) return 'database';
    if (PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'database';
    if (inDatabaseQuery && SOCKET_FAILURE.test(code)) return 'database';
    if (REDIS_NAMES.has(text(cause.name)) || REDIS_MESSAGES.some((pattern) => pattern.test(message))) return 'queue';
  }
  return undefined;
}
