#!/usr/bin/env node
// The API's resident memory under sustained uncached feed load (docs/requirements/performance.md#memory,
// issue #38): the built backend on PostgreSQL with 100k posts, then rounds of signed-in readers each
// asking, as a browser does (brotli accepted), for a page at a distinct random cursor, so every
// request misses the page cache (far more distinct pages than it holds) and is compressed anew. After each round: the process's RSS read from /proc (the server is
// not changed to report its heap), throughput and latency. Prints a markdown table on stdout,
// progress and server warnings on stderr.
//
//   npm run build                       # at the repo root: the bench starts backend/dist/main.js
//   DATABASE_URL=postgres://... npm run bench:feed-memory -w bench -- [--posts 100000] [--rounds 3] [--duration 10] [--connections 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFirstFeedPage, signInAsMember } from './lib/api.mjs';
import { builtBackend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { seedFeed } from './lib/feed-data.mjs';
import { recordFact, recordFigure } from './lib/figures.mjs';
import { measure, WARM_UP_SECONDS } from './lib/load.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase, redactUrl } from './lib/postgres.mjs';
import { memoryMb, newJwtSecret, startBackend } from './lib/processes.mjs';
import { markdownTable, ms, perSecond, RSS_TARGET_MB } from './lib/report.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = 'atelier_bench_feed_memory';
const PAGE_SIZE = 20; // FEED_PAGE.defaultLimit in contracts/src/social.ts
const YEAR_MS = 365 * 24 * 3600 * 1000;
const TARGET_MB = RSS_TARGET_MB.postgres;
// What Chromium sends, as in bench:feed: without it no page is compressed, and compression is what grew the memory.
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Idle time after the last round: memory a server keeps is what it holds once the load is gone. */
const SETTLE_SECONDS = 10;

const USAGE = `Usage: node bench/src/feed-memory.mjs [--posts 100000] [--rounds 3] [--duration 10] [--connections 50] [--backend dist/main.js]

  --posts        posts in the feed
  --rounds       rounds of load; the RSS is read after each
  --duration     seconds of load per round (after a ${WARM_UP_SECONDS} s warm-up)
  --connections  concurrent keep-alive connections (readers)
  --backend      the built server to start (default backend/dist/main.js)

DATABASE_URL: a PostgreSQL server URL whose role may create databases
(default ${DEFAULT_DATABASE_URL}).`;

function readOptions(argv, env) {
  const values = parseCommandLine(
    argv,
    {
      posts: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      backend: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  return {
    posts: positiveInteger('posts', values.posts, USAGE),
    rounds: positiveInteger('rounds', values.rounds, USAGE),
    durationSeconds: positiveInteger('duration', values.duration, USAGE),
    connections: positiveInteger('connections', values.connections, USAGE),
    backendEntry: values.backend,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  };
}

/** A page cursor at a random instant of the past year, in the API's format (backend/src/modules/posts/feed-cursor.ts). */
function randomCursorPath() {
  const position = `${Date.now() - Math.floor(Math.random() * YEAR_MS)}.${crypto.randomUUID()}`;
  return `/api/posts?cursor=${Buffer.from(position).toString('base64url')}`;
}

const failures = (run) => run.non2xx + run.errors + run.timeouts;

/** One row of the table: the memory now and, when given, the load that came before. */
function row(label, pid, run) {
  const { rss, peak } = memoryMb(pid);
  return { label, rss, peak, run };
}

async function main(options) {
  const entry = builtBackend('main.js', options.backendEntry);
  const log = (message) => console.error(`[feed-memory] ${message}`);
  const admin = await connect(options.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-feed-memory-'));
  const databaseUrl = databaseUrlFor(options.databaseUrl, DATABASE_NAME);
  const start = (jwtSecret) => startBackend({ entry, dataDir, jwtSecret, databaseUrl });
  let backend;
  const rows = [];
  let postgresVersion;
  try {
    postgresVersion = (await admin.query('show server_version')).rows[0].server_version;
    recordFact('PostgreSQL', `${postgresVersion} (${redactUrl(options.databaseUrl)})`);
    await recreateDatabase(admin, DATABASE_NAME);
    const jwtSecret = newJwtSecret();
    // Measured is a restart, as in bench:feed: the first start migrates and seeds the demo content.
    log('first start of the backend (migrations, demo seed and pictures)');
    await (await start(jwtSecret)).stop();
    const db = await connect(databaseUrl);
    try {
      await seedFeed(db, options.posts, log);
    } finally {
      await db.end();
    }
    backend = await start(jwtSecret);
    const token = await signInAsMember(backend.baseUrl);
    await checkFirstFeedPage(backend.baseUrl, token, Math.min(PAGE_SIZE, options.posts));
    rows.push(row('started', backend.pid));

    const load = { url: `${backend.baseUrl}/api/posts`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING }, connections: options.connections };
    for (let round = 1; round <= options.rounds; round += 1) {
      log(`round ${round}/${options.rounds}: ${options.connections} readers at random cursors, ${WARM_UP_SECONDS} s warm-up + ${options.durationSeconds} s`);
      const run = await measure({ ...load, durationSeconds: options.durationSeconds, nextPath: randomCursorPath });
      rows.push(row(`after round ${round}`, backend.pid, run));
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    rows.push(row(`${SETTLE_SECONDS} s idle after`, backend.pid));
  } finally {
    await backend?.stop();
    await dropDatabase(admin, DATABASE_NAME);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const verdict = (rss) => (rss <= TARGET_MB ? 'met' : 'missed');
  const header = ['when', 'API RSS MB', 'peak RSS MB', `target ${TARGET_MB} MB`, 'req/s', 'p50 ms', 'p99 ms', 'non-2xx / errors / timeouts'];
  const cells = rows.map(({ label, rss, peak, run }) => [
    label,
    rss.toFixed(0),
    peak.toFixed(0),
    verdict(rss),
    run ? perSecond(run.requestsPerSecond) : '',
    run ? ms(run.p50) : '',
    run ? ms(run.p99) : '',
    run ? `${run.non2xx}/${run.errors}/${run.timeouts}` : '',
  ]);
  const lastRound = rows.filter((entry) => entry.run).at(-1);
  const highest = Math.max(...rows.map((entry) => entry.rss));
  console.log(
    `GET /api/posts on PostgreSQL ${postgresVersion} (driver pg), ${options.posts.toLocaleString('en')} posts, signed in as a member, ` +
      `${options.connections} connections with Chromium's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}), each request a page at a distinct random cursor ` +
      `(every one a page-cache miss, brotli-compressed for that request), ` +
      `${options.rounds} rounds of ${WARM_UP_SECONDS} s warm-up + ${options.durationSeconds} s. API RSS = the API process's resident memory ` +
      `(VmRSS in /proc) when the round ends; peak = its highest so far (VmHWM). Node ${process.version}, ${availableParallelism()} CPUs.\n`,
  );
  console.log(markdownTable(header, cells));
  console.log(`\nhighest API RSS = ${highest.toFixed(0)} MB (target <= ${TARGET_MB} MB): ${verdict(highest)}`);
  recordFigure({ measure: 'PostgreSQL: API RSS under uncached feed load (highest)', value: highest, unit: 'MB', target: TARGET_MB, comparison: '<=', digits: 0 });
  recordFigure({ measure: 'PostgreSQL: uncached req/s, last memory round', value: lastRound.run.requestsPerSecond, unit: 'req/s', digits: 0 });
  const failed = rows.reduce((total, entry) => total + (entry.run ? failures(entry.run) : 0), 0);
  recordFigure({ measure: 'PostgreSQL: failed requests under memory load', value: failed, target: 0, comparison: '<=', digits: 0 });
  if (failed > 0) {
    console.error('error: some responses failed (see the last column): the numbers above do not measure the feed.');
    process.exitCode = 1;
  }
}

runBench('bench:feed-memory', readOptions, main);
