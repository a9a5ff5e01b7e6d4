import * as fs from 'node:fs';
import * as path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseDriver } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { TransactionNotStarted } from '../common/errors/unavailable-dependency';
import { schema } from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { createPrivateDataDir, repairDataDirModes } from './private-data-dir';
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

/**
 * A migrated, empty PGlite data dir that `npm run build -w backend` leaves beside the code
 * (pglite-template.ts). A fresh data dir starts as a copy of it: PGlite's own initdb runs a second
 * Postgres and initdb's WASM in this process, about 3 s and a peak near 800 MB resident that the
 * process keeps; the copy takes a fraction of a second, and opening it costs what a restart does.
 * (PGlite's `loadDataDir` from a tarball kept about 100 MB more resident than a copy.) Without a
 * template (only tsc was run), PGlite runs initdb.
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(__dirname, '../../dist/pglite-template');

/** Every data dir holds this file; the copy writes it last, so a copy cut short is done again. */
const PG_VERSION = 'PG_VERSION';

/**
 * PGlite starts Postgres with a server's memory settings; one process serving one site needs less.
 * shared_buffers (default 128 MB) is allocated and written at start-up inside the WASM heap, so all of
 * it is resident before the first query: 16 MB saves about 120 MB, and the OS page cache still holds
 * the data files behind it. PGlite's defaults come first, so only what is named here changes.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Fills a new on-disk data dir from the build's template, when there is one. */
function copyTemplateInto(dataDir: string): void {
  const marker = path.join(PGLITE_TEMPLATE_DIR, PG_VERSION);
  if (fs.existsSync(path.join(dataDir, PG_VERSION)) || !fs.existsSync(marker)) return;
  fs.cpSync(PGLITE_TEMPLATE_DIR, dataDir, { recursive: true, filter: (source) => source !== marker });
  fs.copyFileSync(marker, path.join(dataDir, PG_VERSION));
}

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

/**
 * Makes `db.transaction` reject with TransactionNotStarted when it fails before its work runs: a
 * pool checkout refused while PostgreSQL is down would otherwise surface as a bare ECONNREFUSED,
 * which cannot be told from any other socket's, and be answered 500 instead of 503.
 */
export function markTransactionsNotStarted(db: Database): Database {
  const transaction = db.transaction.bind(db);
  const marked: typeof transaction = async (work, config) => {
    let started = false;
    try {
      return await transaction((tx) => {
        started = true;
        return work(tx);
      }, config);
    } catch (error) {
      throw started ? error : new TransactionNotStarted(error);
    }
  };
  db.transaction = marked;
  return db;
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
    const db = markTransactionsNotStarted(drizzlePostgres({ client: pool, schema }) as unknown as Database);
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
    createPrivateDataDir(target.dataDir);
    releaseLock = await acquireDataDirLock(target.dataDir);
  }
  try {
    if (target.dataDir) {
      if (!target.loadDataDir) copyTemplateInto(target.dataDir);
      repairDataDirModes(target.dataDir); // an earlier version's files, or the template's modes the copy kept
    }
    const client = queriesInSlices(
      new PGlite({ dataDir: target.dataDir ?? undefined, loadDataDir: target.loadDataDir, startParams: [...PGLITE_START_PARAMS] }),
    );
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      driver: 'pglite',
      target,
      db,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: closeOnce(async () => {
        await client.close();
        // A few files PGlite writes with an explicit mode (pg_internal.init, 0644); the folder kept them unreachable meanwhile.
        if (target.dataDir) repairDataDirModes(target.dataDir);
        releaseLock();
      }),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
