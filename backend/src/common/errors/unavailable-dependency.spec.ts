import { createServer } from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { DatabaseError, Pool } from 'pg';
import { markTransactionsNotStarted, type Database } from '../../db/database';
import { TransactionNotStarted, unavailableDependency } from './unavailable-dependency';

/** A port nothing listens on: connecting to it is refused at once. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function serverError(code: string, message: string): DatabaseError {
  return Object.assign(new DatabaseError(message, message.length, 'error'), { code });
}

const failedQuery = (cause: Error) => new DrizzleQueryError('insert into "posts" ...', [], cause);

describe('unavailableDependency', () => {
  it('recognises a refused connection from a real query on a stopped PostgreSQL', async () => {
    const pool = new Pool({ connectionString: `postgres://atelier@127.0.0.1:${await closedPort()}/atelier`, connectionTimeoutMillis: 2_000 });
    const error = await drizzle({ client: pool })
      .execute(sql`select 1`)
      .catch((caught: unknown) => caught);
    await pool.end();
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(unavailableDependency(error)).toBe('database');
  });

  it('recognises a transaction whose pool checkout a stopped PostgreSQL refused', async () => {
    const pool = new Pool({ connectionString: `postgres://atelier@127.0.0.1:${await closedPort()}/atelier`, connectionTimeoutMillis: 2_000 });
    const db = markTransactionsNotStarted(drizzle({ client: pool }) as unknown as Database);
    let ran = false;
    const error = await db
      .transaction(async () => {
        ran = true;
      })
      .catch((caught: unknown) => caught);
    await pool.end();
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(TransactionNotStarted);
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(unavailableDependency(error)).toBe('database');
  });

  it.each([
    ['an administrator shutdown', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', serverError('57P02', 'terminating connection because of crash of another server process')],
    ['a server still starting up', serverError('57P03', 'the database system is starting up')],
    ['a connection exception', serverError('08006', 'connection failure')],
    ['too many connections', serverError('53300', 'sorry, too many clients already')],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a rollback on a broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('recognises %s inside a failed query', (_label, cause) => {
    expect(unavailableDependency(failedQuery(cause))).toBe('database');
  });

  it('recognises Redis refusing commands while it is down', () => {
    expect(unavailableDependency(new MaxRetriesPerRequestError(1))).toBe('queue');
    expect(unavailableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe('queue');
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('queue');
  });

  it('leaves other failures alone', async () => {
    expect(unavailableDependency(failedQuery(serverError('23505', 'duplicate key value violates unique constraint')))).toBeUndefined();
    expect(unavailableDependency(new Error('relation "users" does not exist'))).toBeUndefined();
    expect(unavailableDependency(undefined)).toBeUndefined();
    // A GPU worker that refuses the connection is that worker's problem, not the API's database.
    const gpuDown = await fetch(`http://127.0.0.1:${await closedPort()}/sdapi/v1/txt2img`).catch((caught: unknown) => caught);
    expect((gpuDown as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(unavailableDependency(gpuDown)).toBeUndefined();
  });
});
