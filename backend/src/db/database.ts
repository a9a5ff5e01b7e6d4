import * as fs from 'node:fs';
import * as path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseDriver } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { schema } from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { queriesInSlices } from './pglite-query-slices';

/** Drizzle over either driver; repositories only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  driver: DatabaseDriver;
  target: DatabaseTarget;
  db: Database;
  /** Round-trips a trivial query; rejects if the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  // dataDir null: in memory. loadDataDir: start from a dumped data dir (tests' migrated snapshot).
  | { driver: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { driver: 'postgres'; url: string; poolSize?: number };

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite under DATA_DIR/pglite. */
export function databaseTargetFor(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/** Closing twice (app shutdown, then a test's teardown) is harmless. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'postgres') {
    const pool = new Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // A client losing its server emits 'error'. The pool listens only while a client is idle; one
    // checked out for a transaction has no listener, and the unhandled event would end the process
    // when PostgreSQL restarts mid-transaction. The query in flight fails on its own either way,
    // and the pool discards the broken client when it is released.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    const handle: DatabaseHandle = {
      driver: 'postgres',
      target,
      db,
      ping: async () => void (await pool.query('select 1')),
      close: closeOnce(() => pool.end()),
    };
    try {
      await handle.ping();
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }

  let releaseLock = () => {};
  if (target.dataDir) {
    fs.mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
  }
  try {
    const client = queriesInSlices(new PGlite({ dataDir: target.dataDir ?? undefined, loadDataDir: target.loadDataDir }));
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      driver: 'pglite',
      target,
      db,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: closeOnce(async () => {
        await client.close();
        releaseLock();
      }),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
