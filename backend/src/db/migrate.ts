import * as path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import type { DatabaseHandle } from './database';

// SQL files live in src/db/migrations; dist/db resolves to the same folder, so nothing is copied.
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../src/db/migrations');

// Any fixed 64-bit number: serialises migrations across API processes starting at once.
const MIGRATION_LOCK_KEY = 7_210_431_885;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.target.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, options);
    return;
  }
  // The advisory lock lives on its own connection for the whole run, whichever pool connection migrates.
  const lock = new Client({ connectionString: handle.target.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(handle.db as unknown as NodePgDatabase, options);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
