#!/usr/bin/env node
// Feed page latency, throughput and memory (docs/requirements/performance.md#feed), on PostgreSQL and on the embedded
// PGlite. For each database and size: a fresh database with that many posts behind the built
// backend, GET /api/posts measured with autocannon, the cached first page and uncached pages at
// distinct random cursors, taking turns in short rounds with a bare node:http server
// (lib/bare-server.mjs) doing the same work on the same database through the same driver. Prints markdown tables on
// stdout; progress, server warnings and --explain plans go to stderr.
//
//   npm run build                       # at the repo root: the bench starts backend/dist/main.js
//   DATABASE_URL=postgres://... npm run bench:feed -w bench -- --sizes 1000,100000,1000000
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFirstFeedPage, signInAsGuest, signInAsMember } from './lib/api.mjs';
import { builtBackend } from './lib/build.mjs';
import { explainFeed, seedFeed } from './lib/feed-data.mjs';
import { recordFact } from './lib/figures.mjs';
import { measureInTurns, WARM_UP_SECONDS } from './lib/load.mjs';
import { runBench } from './lib/cli.mjs';
import { readOptions } from './lib/options.mjs';
import { openPglite } from './lib/pglite.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase, redactUrl } from './lib/postgres.mjs';
import { memoryMb, newJwtSecret, startBackend, startBareServer } from './lib/processes.mjs';
import { hasFailures, recordFeedFigures, renderReport, sizeLabel } from './lib/report.mjs';

const PAGE_SIZE = 20; // FEED_PAGE.defaultLimit in contracts/src/social.ts
// What Chromium sends: the browser's cached first page comes compressed.
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * A page cursor at a random instant of the past year (where the bench posts are), in the API's
 * cursor format (backend/src/modules/posts/feed-cursor.ts). No two requests share one, so every
 * request misses the API's page cache and walks the index from its own position.
 */
function randomCursorPath() {
  const position = `${Date.now() - Math.floor(Math.random() * YEAR_MS)}.${randomUUID()}`;
  return `/api/posts?cursor=${Buffer.from(position).toString('base64url')}`;
}

/**
 * One database of one size, ready for the API and the baseline: PostgreSQL (a database of its own)
 * or PGlite (the API's data dir, which this process seeds while the API is stopped, as PGlite takes
 * one process at a time). `open` connects this process to it, for the seed.
 */
function databaseFor(kind, size, options, admin) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-feed-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'postgres') {
    const name = `atelier_bench_feed_${size}`;
    const databaseUrl = databaseUrlFor(options.databaseUrl, name);
    return {
      dataDir,
      backend: { databaseUrl },
      bare: { databaseUrl },
      create: () => recreateDatabase(admin, name),
      open: () => connect(databaseUrl),
      async drop() {
        await dropDatabase(admin, name);
        removeDataDir();
      },
    };
  }
  const pgliteDir = join(dataDir, 'pglite'); // DATA_DIR/pglite, where the API keeps it
  const barePgliteDir = join(dataDir, 'bare-pglite'); // a copy: PGlite takes one process at a time
  return {
    dataDir,
    backend: { databaseUrl: '' },
    bare: { pgliteDir: barePgliteDir },
    create: async () => undefined,
    open: () => openPglite(pgliteDir),
    copyForBare: () => cpSync(pgliteDir, barePgliteDir, { recursive: true }),
    drop: async () => removeDataDir(),
  };
}

/** Brings the database to its size; answers the page queries' plans when --explain asks for them. */
async function seedDatabase(database, size, options, log) {
  const db = await database.open();
  try {
    await seedFeed(db, size, log);
    return options.explain ? await explainFeed(db) : undefined;
  } finally {
    await db.end();
  }
}

/**
 * The cached first page (as a client without compression and as a browser asks for it), then
 * uncached pages, of the API and the bare baseline taking turns; then the API's first page as a
 * guest sandbox reads it (the bare server has no guests).
 */
async function measureServers(apiUrl, bareUrl, token, guestToken, options) {
  const load = { durationSeconds: options.durationSeconds, rounds: options.rounds, connections: options.connections };
  const urls = [`${apiUrl}/api/posts`, `${bareUrl}/api/posts`];
  const headers = { authorization: `Bearer ${token}` };
  const [apiCached, bareCached] = await measureInTurns({ ...load, urls, headers });
  const browser = { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const [apiBrowser, bareBrowser] = await measureInTurns({ ...load, urls, headers: browser });
  const [apiUncached, bareUncached] = await measureInTurns({ ...load, urls, headers, nextPath: randomCursorPath });
  const [apiGuest] = await measureInTurns({ ...load, urls: [urls[0]], headers: { authorization: `Bearer ${guestToken}` } });
  return {
    api: { cached: apiCached, 'cached br': apiBrowser, uncached: apiUncached, 'cached guest': apiGuest },
    bare: { cached: bareCached, 'cached br': bareBrowser, uncached: bareUncached },
  };
}

/**
 * Seeds one database of one size and measures the API on it against the bare server on the same
 * data. Both are up at once and take turns (the one not measured is idle); on PGlite the bare
 * server opens a copy of the API's data dir, made while the API is stopped.
 */
async function benchSize(kind, size, options, admin, entry) {
  const label = `[feed ${kind} ${sizeLabel(size)}]`;
  const log = (message) => console.error(`${label} ${message}`);
  const database = databaseFor(kind, size, options, admin);
  const jwtSecret = newJwtSecret();
  const start = () => startBackend({ entry, dataDir: database.dataDir, jwtSecret, ...database.backend });
  let backend;
  let bareServer;
  try {
    await database.create();
    // The measured server is a restart, as a site runs between deploys: the first start migrates,
    // seeds the demo content and draws its pictures, and its memory is not the feed's.
    log('first start of the backend (migrations, demo seed and pictures)');
    await (await start()).stop();
    const plans = await seedDatabase(database, size, options, log);
    if (plans) console.error(`${label} EXPLAIN (ANALYZE, BUFFERS)\n${plans}\n`);
    database.copyForBare?.();
    backend = await start();
    bareServer = await startBareServer({ jwtSecret, ...database.bare });

    const token = await signInAsMember(backend.baseUrl);
    await checkFirstFeedPage(backend.baseUrl, token, Math.min(PAGE_SIZE, size));
    const guestToken = await signInAsGuest(backend.baseUrl);
    log(
      `API and bare node:http server in ${options.rounds} turns each: cached first page (plain, then as a browser asks), then pages at random cursors, ` +
        `each ${WARM_UP_SECONDS} s warm-up + ${options.durationSeconds} s; then the API's first page as a guest sandbox reads it`,
    );
    const { api, bare } = await measureServers(backend.baseUrl, bareServer.baseUrl, token, guestToken, options);
    return { size, api, bare, apiRssMb: memoryMb(backend.pid).rss };
  } finally {
    await bareServer?.stop();
    await backend?.stop();
    await database.drop();
  }
}

async function main(options) {
  const entry = builtBackend('main.js', options.backendEntry);
  const admin = options.databases.includes('postgres') ? await connect(options.databaseUrl) : undefined;
  const results = [];
  try {
    let postgresVersion;
    if (admin) {
      postgresVersion = (await admin.query('show server_version')).rows[0].server_version;
      recordFact('PostgreSQL', `${postgresVersion} (${redactUrl(options.databaseUrl)})`);
    }
    for (const kind of options.databases) {
      const rows = [];
      for (const size of options.sizes) rows.push(await benchSize(kind, size, options, admin, entry));
      results.push({ kind, rows });
    }

    console.log(
      `GET /api/posts signed in as a member, ${PAGE_SIZE} posts a page, ${options.connections} connections, ` +
        `${options.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up, the API and the bare server taking turns in ${options.rounds} rounds. cached = the first page, answered from the API's page cache; ` +
        `cached br = the same, asked for with Chromium's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}), so it comes brotli-compressed; ` +
        `uncached = pages at distinct random cursors, every one a cache miss read from the database. ` +
        `cached guest = the first page as a guest sandbox that posted once reads it (the members' cached page with the guest's own rows merged in; API only). ` +
        `bare = a node:http server (bench/src/lib/bare-server.mjs) that verifies the same HS256 token and, uncached, runs the same page SQL ` +
        `through the same driver and builds the same JSON; cached, it sends a ready buffer (compressed once at start, for cached br). Both run on the same data at once, the idle one waiting while the other is measured. ` +
        `API RSS = the API process's resident memory after its runs. Node ${process.version}, ${availableParallelism()} CPUs.\n`,
    );
    for (const { kind, rows } of results) {
      const title = kind === 'postgres' ? `PostgreSQL ${postgresVersion} (driver pg)` : 'PGlite (embedded, in the API process)';
      console.log(`### ${title}\n\n${renderReport(kind, rows)}\n`);
      recordFeedFigures(kind, rows);
    }
  } finally {
    await admin?.end();
  }
  if (results.some(({ rows }) => hasFailures(rows))) {
    console.error('error: some responses failed (see the non-2xx lines): the numbers above do not measure the feed.');
    process.exitCode = 1;
  }
}

runBench('bench:feed', readOptions, main);
