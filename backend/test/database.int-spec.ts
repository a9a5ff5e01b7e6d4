import * as fs from 'node:fs';
import * as path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { seedRuns } from '../src/db/schema/seed-runs.table';
import { runSeeds, type SeedStep } from '../src/db/seed/seeder';
import { makeTempDir } from './helpers/test-app';
import { createTestDatabase, testDriver, type TestDatabase } from './helpers/test-database';

async function tableNames(database: TestDatabase): Promise<string[]> {
  // Both drivers answer raw queries with `{ rows }`; the shared Drizzle type leaves the result open.
  const result = (await database.handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  return result.rows.map((row) => row.table_name);
}

// These steps touch no files; the context only has to be well-formed.
const seedContext = { dataDir: '/nonexistent' };

describe(`database layer (${testDriver()})`, () => {
  let database: TestDatabase;
  beforeEach(async () => (database = await createTestDatabase()));
  afterEach(() => database.destroy());

  it('gives each suite a fresh, migrated database', async () => {
    expect(await tableNames(database)).toContain('seed_runs');
    expect(await database.handle.db.select().from(seedRuns)).toEqual([]);
  });

  it('applies migrations idempotently', async () => {
    await runMigrations(database.handle);
    await runMigrations(database.handle);
    expect(await tableNames(database)).toContain('seed_runs');
  });

  it('runs each seed step once per database', async () => {
    let calls = 0;
    const step: SeedStep = { name: 'count-calls', run: async () => void calls++ };

    expect(await runSeeds(database.handle.db, [step], seedContext)).toEqual({ ran: ['count-calls'], skipped: [] });
    expect(await runSeeds(database.handle.db, [step], seedContext)).toEqual({ ran: [], skipped: ['count-calls'] });
    expect(calls).toBe(1);
  });

  it('rolls a failing seed step back completely and retries it on the next run', async () => {
    const marker = (tx: Parameters<SeedStep['run']>[0]) =>
      tx.insert(seedRuns).values({ name: 'written-by-failing-step' });
    const failing: SeedStep = {
      name: 'flaky',
      run: async (tx) => {
        await marker(tx);
        throw new Error('disk full');
      },
    };
    await expect(runSeeds(database.handle.db, [failing], seedContext)).rejects.toThrow('disk full');
    expect(await database.handle.db.select().from(seedRuns)).toEqual([]);

    const fixed: SeedStep = { name: 'flaky', run: async (tx) => void (await marker(tx)) };
    expect((await runSeeds(database.handle.db, [fixed], seedContext)).ran).toEqual(['flaky']);
    const names = (await database.handle.db.select().from(seedRuns)).map((row) => row.name).sort();
    expect(names).toEqual(['flaky', 'written-by-failing-step']);
  });

  it('lets concurrent seeders run a step only once', async () => {
    let calls = 0;
    const step: SeedStep = { name: 'slow', run: async () => void calls++ };
    const reports = await Promise.all([1, 2, 3].map(() => runSeeds(database.handle.db, [step], seedContext)));
    expect(calls).toBe(1);
    expect(reports.flatMap((r) => r.ran)).toEqual(['slow']);
  });
});

(testDriver() === 'pglite' ? describe : describe.skip)('PGlite data dir', () => {
  let dir: string;
  beforeEach(() => (dir = makeTempDir('atelier-pglite-')));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps data across close and reopen', async () => {
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    await runMigrations(first);
    await first.db.insert(seedRuns).values({ name: 'kept' });
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir: dir });
    try {
      await runMigrations(second);
      expect((await second.db.select().from(seedRuns)).map((row) => row.name)).toEqual(['kept']);
    } finally {
      await second.close();
    }
  });

  /** Every folder and file under `root` whose mode lets anyone but the owner in, with that mode. */
  function openToOthers(root: string): string[] {
    const found: string[] = [];
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      const entryPath = path.join(entry.parentPath, entry.name);
      const mode = fs.statSync(entryPath).mode & 0o777;
      if (mode & 0o077) found.push(`${path.relative(root, entryPath)} ${mode.toString(8)}`);
    }
    if (fs.statSync(root).mode & 0o077) found.push(`. ${(fs.statSync(root).mode & 0o777).toString(8)}`);
    return found;
  }

  it('keeps its folders and files to the owner whatever the umask, and repairs an existing data dir', async () => {
    const umask = process.umask(0);
    try {
      fs.rmSync(dir, { recursive: true, force: true }); // created fresh by openDatabase, under umask 0
      const first = await openDatabase({ driver: 'pglite', dataDir: dir });
      await runMigrations(first);
      await first.db.insert(seedRuns).values({ name: 'private' });
      await first.close();
      expect(openToOthers(dir)).toEqual([]);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);

      // A data dir an earlier version left readable by everyone.
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
      }
      fs.chmodSync(dir, 0o777);
      process.umask(0);
      const second = await openDatabase({ driver: 'pglite', dataDir: dir });
      await second.close();
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      process.umask(umask);
    }
  });

  it('refuses a data dir held by another live process, naming it', async () => {
    fs.writeFileSync(path.join(dir, 'atelier.pid'), String(process.ppid));
    await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(
      `in use by process ${process.ppid}`,
    );
  });

  it('takes over the lock a killed process left behind, and releases it on close', async () => {
    const lockFile = path.join(dir, 'atelier.pid');
    fs.writeFileSync(lockFile, '2147483646');
    const handle = await openDatabase({ driver: 'pglite', dataDir: dir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
