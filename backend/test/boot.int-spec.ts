import { once } from 'node:events';
import * as fs from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import * as path from 'node:path';
import type { HealthResponse } from '@atelier/contracts';
import { openDatabase } from '../src/db/database';
import { seedRuns } from '../src/db/schema/seed-runs.table';
import { expectBuilt, freePort, runToExit, startServer } from './helpers/server-process';
import { makeTempDir } from './helpers/test-app';
import { testDriver } from './helpers/test-database';

// Each test starts the built server at least once, a first start included (limits in helpers/server-process.ts).
jest.setTimeout(180_000);

(testDriver() === 'pglite' ? describe : describe.skip)('booting dist/main.js', () => {
  let dataDir: string;
  beforeAll(expectBuilt);
  beforeEach(() => (dataDir = makeTempDir('atelier-boot-')));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops with a message naming PORT when PORT is not a number', async () => {
    const { code, stderr } = await runToExit({ PORT: 'abc', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT must be a whole number (got "abc")');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace for an operator's typo
  });

  it('keeps the data dir, its data and its secrets across a restart', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await first.stop()).toBe(0);
    const adminToken = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8');

    // Something written between runs, as a member's post would be.
    const db = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await db.db.insert(seedRuns).values({ name: 'written-between-runs' });
    await db.close();

    const second = await startServer({ DATA_DIR: dataDir });
    const health = (await fetch(`http://127.0.0.1:${second.port}/api/health`).then((r) => r.json())) as HealthResponse;
    expect(health.database).toMatchObject({ driver: 'pglite', ok: true });
    expect(await second.stop()).toBe(0);

    expect(fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8')).toBe(adminToken);
    const reopened = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const names = (await reopened.db.select().from(seedRuns)).map((row) => row.name);
      expect(names).toContain('written-between-runs');
    } finally {
      await reopened.close();
    }
  });

  it('creates a new DATA_DIR 0700 and its secrets 0600 even when started under umask 000', async () => {
    const fresh = path.join(dataDir, 'fresh');
    const umask = process.umask(0); // the server inherits it
    let server;
    try {
      server = await startServer({ DATA_DIR: fresh });
    } finally {
      process.umask(umask);
    }
    expect(await server.stop()).toBe(0);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    for (const file of ['jwt-secret', 'admin-token']) expect(fs.statSync(path.join(fresh, file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to start on a JWT secret other users can write, in one line saying how to fix it', async () => {
    expect(await (await startServer({ DATA_DIR: dataDir })).stop()).toBe(0);
    const secret = path.join(dataDir, 'jwt-secret');
    // What a local user does to a file left open: writes a secret they know, to sign their own tokens.
    fs.writeFileSync(secret, 'a-secret-the-attacker-knows-0123456789abcdef\n');
    fs.chmodSync(secret, 0o666);

    const { code, stdout, stderr } = await runToExit({ DATA_DIR: dataDir, LOG_FORMAT: 'json' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `UNPROTECTED SECRET FILE: permissions 0666 for ${secret} are too open (other users could read or replace it). Run \`chmod 600 ${secret}\` and start again.`,
    );
    expect(stdout).not.toContain('Atelier is ready');
  });

  it('refuses a second server on the same data dir and leaves the first one running', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const { code, stderr } = await runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(code).toBe(1);
      expect(stderr).toContain(`in use by process ${first.child.pid}`);
      expect(stderr).not.toMatch(/\n\s+at /);
      const res = await fetch(`http://127.0.0.1:${first.port}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('says in one line that the port is taken, without a stack or start-up noise', async () => {
    const holder = createServer().listen(0, '0.0.0.0');
    await once(holder, 'listening');
    const port = (holder.address() as AddressInfo).port;
    try {
      const { code, stdout, stderr } = await runToExit({ DATA_DIR: dataDir, PORT: String(port), LOG_FORMAT: 'json' });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} is already in use (another Atelier, or another program, listens on it). Stop that one, or start this one with PORT=<another port>.`,
      );
      expect(stdout).not.toContain('InstanceLoader');
    } finally {
      holder.close();
    }
  });

  it('says PostgreSQL does not answer when DATABASE_URL names a closed port, and how to go on', async () => {
    const closed = await freePort();
    const { code, stdout, stderr } = await runToExit({ DATA_DIR: dataDir, DATABASE_URL: `postgres://atelier:secret@127.0.0.1:${closed}/atelier`, LOG_FORMAT: 'json' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `PostgreSQL does not answer at postgres://atelier:***@127.0.0.1:${closed}/atelier (ECONNREFUSED). Start it, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database.`,
    );
    // Nest's buffered start-up lines are not dumped on a failed start.
    expect(stdout).not.toContain('InstanceLoader');
  });
});
