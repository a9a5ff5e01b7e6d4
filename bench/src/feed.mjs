#!/usr/bin/env node
// Feed page latency and throughput (DESIGN section 10): for each size, a fresh PostgreSQL database
// with that many posts behind the built backend, GET /api/posts measured with autocannon, next to
// a bare node:http server answering the same page in the same run. Prints a markdown table on
// stdout; progress, server warnings and --explain plans go to stderr.
//
//   npm run build                       # at the repo root: the bench starts backend/dist/main.js
//   DATABASE_URL=postgres://... npm run bench:feed -w bench -- --sizes 1000,100000,1000000
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstFeedPage, signInAsGuest } from './lib/api.mjs';
import { builtBackend } from './lib/build.mjs';
import { explainFeed, seedFeed } from './lib/feed-data.mjs';
import { recordFact } from './lib/figures.mjs';
import { measure, WARM_UP_SECONDS } from './lib/load.mjs';
import { runBench } from './lib/cli.mjs';
import { readOptions } from './lib/options.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase, redactUrl } from './lib/postgres.mjs';
import { startBackend, startBareServer } from './lib/processes.mjs';
import { hasFailures, recordFeedFigures, renderReport, sizeLabel } from './lib/report.mjs';

const PAGE_SIZE = 20; // FEED_PAGE.defaultLimit in contracts/src/social.ts
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

/** Seeds one size, measures the API on it, then the bare server on the page the API answered. */
async function benchSize(size, options, admin, entry) {
  const log = (message) => console.error(`[feed ${sizeLabel(size)}] ${message}`);
  const database = `atelier_bench_feed_${size}`;
  const databaseUrl = databaseUrlFor(options.databaseUrl, database);
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-feed-'));
  let backend;
  let db;
  try {
    await recreateDatabase(admin, database);
    log(`database ${database} created; starting the backend (migrations, demo seed)`);
    backend = await startBackend({ entry, databaseUrl, dataDir });

    db = await connect(databaseUrl);
    await seedFeed(db, size, log);
    const token = await signInAsGuest(backend.baseUrl);
    const { page, contentType } = await firstFeedPage(backend.baseUrl, token, Math.min(PAGE_SIZE, size));
    if (options.explain) console.error(`[feed ${sizeLabel(size)}] EXPLAIN (ANALYZE, BUFFERS)\n${await explainFeed(db, page)}\n`);
    await db.end();
    db = undefined;

    const load = { durationSeconds: options.durationSeconds, connections: options.connections };
    log(`GET /api/posts: ${WARM_UP_SECONDS} s warm-up, then ${options.durationSeconds} s`);
    const auth = { authorization: `Bearer ${token}` };
    const api = await measure({ ...load, url: `${backend.baseUrl}/api/posts`, headers: auth });
    log(`GET /api/posts?cursor=<random>: ${WARM_UP_SECONDS} s warm-up, then ${options.durationSeconds} s`);
    const uncached = await measure({ ...load, url: `${backend.baseUrl}/api/posts`, headers: auth, nextPath: randomCursorPath });
    // Stopped before the baseline runs, so the two never compete for the CPU.
    await backend.stop();
    backend = undefined;

    log('bare node:http server on the same page');
    const pageFile = join(dataDir, 'feed-page.json');
    writeFileSync(pageFile, JSON.stringify(page));
    const bareServer = await startBareServer({ pageFile, contentType });
    try {
      const bare = await measure({ ...load, url: `${bareServer.baseUrl}/` });
      return { size, api, uncached, bare };
    } finally {
      await bareServer.stop();
    }
  } finally {
    await db?.end();
    await backend?.stop();
    await dropDatabase(admin, database);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2), process.env);
  if (options.help) {
    console.log(options.help);
    return;
  }
  const entry = builtBackend('main.js', options.backendEntry);
  const admin = await connect(options.databaseUrl);
  const rows = [];
  try {
    const { rows: version } = await admin.query('show server_version');
    recordFact('PostgreSQL', `${version[0].server_version} (${redactUrl(options.databaseUrl)})`);
    for (const size of options.sizes) rows.push(await benchSize(size, options, admin, entry));

    console.log(
      `GET /api/posts (first page, ${PAGE_SIZE} posts, signed in as the guest) on PostgreSQL ${version[0].server_version}, ` +
        `${options.connections} connections, ${options.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up; ` +
        `bare = a node:http server answering the same JSON, measured once per size right after the API; ` +
        `uncached = pages at random cursors, each a cache miss served from PostgreSQL. ` +
        `Node ${process.version}, ${availableParallelism()} CPUs.\n`,
    );
    console.log(renderReport(rows));
    recordFeedFigures(rows);
  } finally {
    await admin.end();
  }
  if (hasFailures(rows)) {
    console.error('error: some responses failed (see the non-2xx line): the numbers above do not measure the feed.');
    process.exitCode = 1;
  }
}

runBench('bench:feed', main);
