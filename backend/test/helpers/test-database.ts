import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate';

export type TestDriver = 'pglite' | 'postgres';

/** The driver this Jest project runs on (set by test/setup/driver-*.ts). */
export function testDriver(): TestDriver {
  return process.env.ATELIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection URL of the created database (postgres only). */
  url?: string;
  destroy(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the postgres integration project needs DATABASE_URL');
  return url;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The snapshot file's name changes whenever a migration does, so a stale one is never loaded. */
function snapshotFile(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `atelier-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A freshly initialised and migrated PGlite costs about two seconds; loading a dump of one costs a
 * fraction of that. The dump is shared by all suites and workers through a file in the temp dir.
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const file = snapshotFile();
  if (fs.existsSync(file)) {
    const loadDataDir = new Blob([fs.readFileSync(file)]);
    return openDatabase({ driver: 'pglite', dataDir: null, loadDataDir });
  }
  const handle = await openDatabase({ driver: 'pglite', dataDir: null });
  await runMigrations(handle);
  const dump = await (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client.dumpDataDir('none');
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file); // atomic: a parallel worker never reads half a file
  return handle;
}

/**
 * A fresh, migrated database for one test suite: PGlite in memory, or a newly created database on
 * the PostgreSQL server of DATABASE_URL, dropped again by destroy().
 */
export async function createTestDatabase(driver: TestDriver = testDriver()): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await migratedPglite();
    return { handle, destroy: () => handle.close() };
  }

  const name = `atelier_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 });
  await runMigrations(handle);
  return {
    handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
