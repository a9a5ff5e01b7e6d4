#!/usr/bin/env node
// A mixed workload (docs/requirements/performance.md#mixed-workload): members signed in through the API, 90% reads (first feed
// pages, cursor pages, profiles and their posts, comments) and 10% writes (posts with and without a
// picture, likes, comments, friend toggles), against the built backend on PGlite and then on
// PostgreSQL, each on fresh storage with production settings. Prints one markdown table per
// database: per route the requests, req/s, p50, p99 and every failure; exits non-zero if any failed.
//
//   npm run build                  # at the repo root: the bench starts backend/dist/main.js
//   npm run bench:mixed -w bench -- [--duration 30] [--members 50] [--users 50] [--posts 300]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtBackend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench, UsageError } from './lib/cli.mjs';
import { recordFact, recordFigure } from './lib/figures.mjs';
import { WARM_UP_SECONDS } from './lib/load.mjs';
import { ApiClient } from './lib/mixed-http.mjs';
import { makeStartingContent, readPicture, readWholeFeed, signUpMembers } from './lib/mixed-setup.mjs';
import { FeedContent, MIX, runMix, virtualUsers } from './lib/mixed-traffic.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase, redactUrl } from './lib/postgres.mjs';
import { startBackend } from './lib/processes.mjs';
import { markdownTable, ms, perSecond } from './lib/report.mjs';
import { EXAMPLES_PER_KIND, FAILURE_KINDS, RouteStats } from './lib/route-stats.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = 'atelier_bench_mixed';
const DATABASES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
// startBackend raises AUTH_RATE_LIMIT_PER_MINUTE to 1000, which bounds sign-ups (and, separately,
// sign-ins) from this one address in the first minute. No other limit applies to these routes: the
// generation throttler guards only generation routes, and upload decodes queue up to 64 at a time.
const MAX_MEMBERS = 1000;

const USAGE = `Usage: node bench/src/mixed.mjs [--duration 30] [--members 50] [--users 50] [--posts 300] [--databases pglite,postgres]

  --duration   seconds of load per database (after a ${WARM_UP_SECONDS} s warm-up)
  --members    members signed up (with a picture) and signed in before the load, 3 to ${MAX_MEMBERS}
  --users      virtual users, each signed in as one of the members (so its likes and friend
               toggles have a known state before), with one keep-alive connection while its request
               is under way, sending the next as soon as the last is answered (default: --members)
  --posts      starting posts made through the API before the load (every fourth with a picture),
               with a like on every second and a comment on every third; 21 at least (over a page)
  --databases  pglite, postgres or both, comma-separated
  --backend    the built server to start (default backend/dist/main.js)

DATABASE_URL: a PostgreSQL server URL whose role may create databases
(default ${DEFAULT_DATABASE_URL}); the bench creates and drops ${DATABASE_NAME} on it.`;

function readOptions(argv, env) {
  const values = parseCommandLine(
    argv,
    {
      duration: { type: 'string', default: '30' },
      members: { type: 'string', default: '50' },
      users: { type: 'string' },
      posts: { type: 'string', default: '300' },
      databases: { type: 'string', default: 'pglite,postgres' },
      backend: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  const members = positiveInteger('members', values.members, USAGE);
  // Three members at least, so every member owns a friendship to toggle (lib/mixed-traffic.mjs).
  if (members < 3 || members > MAX_MEMBERS) throw new UsageError(`--members must be 3 to ${MAX_MEMBERS} (got ${members})`, USAGE);
  const users = values.users === undefined ? members : positiveInteger('users', values.users, USAGE);
  if (users > members) throw new UsageError(`--users must be at most --members (${members}): each user is one member`, USAGE);
  const databases = values.databases.split(',').map((name) => name.trim());
  const unknown = databases.find((name) => !DATABASES[name]);
  if (unknown !== undefined) throw new UsageError(`--databases takes pglite and postgres (got ${JSON.stringify(unknown)})`, USAGE);
  return {
    durationSeconds: positiveInteger('duration', values.duration, USAGE),
    members,
    users,
    // More than a page, so cursor pages exist even on a database without the demo seed.
    posts: Math.max(positiveInteger('posts', values.posts, USAGE), 21),
    databases: [...new Set(databases)],
    backendEntry: values.backend,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  };
}

/** A fresh PostgreSQL database for the run: its URL, a heading, and how to drop it afterwards. */
async function freshPostgres(serverUrl) {
  const admin = await connect(serverUrl);
  try {
    const { rows } = await admin.query('show server_version');
    recordFact('PostgreSQL', `${rows[0].server_version} (${redactUrl(serverUrl)})`);
    await recreateDatabase(admin, DATABASE_NAME);
    return {
      databaseUrl: databaseUrlFor(serverUrl, DATABASE_NAME),
      heading: `PostgreSQL ${rows[0].server_version} (database ${DATABASE_NAME}, created for the run)`,
      drop: async () => {
        await dropDatabase(admin, DATABASE_NAME);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.end();
    throw error;
  }
}

/** Fresh storage for one database: PGlite in the data dir (DATABASE_URL empty), or a new PostgreSQL database. */
async function freshStorage(database, options) {
  if (database === 'postgres') return freshPostgres(options.databaseUrl);
  return { databaseUrl: '', heading: 'PGlite (embedded, in a fresh data dir)', drop: async () => {} };
}

/** Starts the backend on fresh storage, prepares members and content, then measures the mix. */
async function benchDatabase(database, options, { entry, picture }) {
  const log = (message) => console.error(`[mixed ${database}] ${message}`);
  const runTag = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-mixed-'));
  let storage;
  let backend;
  let client;
  try {
    storage = await freshStorage(database, options);
    log('starting the backend (migrations, demo seed)');
    backend = await startBackend({ entry, databaseUrl: storage.databaseUrl, dataDir });
    client = new ApiClient(backend.baseUrl);

    log(`signing up ${options.members} members`);
    const members = await signUpMembers(client, options.members, { runTag, picture });
    log(`making ${options.posts} starting posts through the API`);
    const made = await makeStartingContent(client, members, { posts: options.posts, picture });
    const posts = await readWholeFeed(client, members[0].token);
    const content = new FeedContent(posts, members.map((member) => member.id));
    const users = virtualUsers(members, options.users, { client, content, picture, runTag });

    log(`${options.users} virtual users: ${WARM_UP_SECONDS} s warm-up, then ${options.durationSeconds} s`);
    const routes = MIX.map(({ route, kind }) => ({ route, kind }));
    await runMix(users, WARM_UP_SECONDS, new RouteStats(routes));
    const stats = new RouteStats(routes);
    const cpuBefore = process.cpuUsage();
    const seconds = await runMix(users, options.durationSeconds, stats);
    const cpu = process.cpuUsage(cpuBefore);
    return {
      database,
      heading: storage.heading,
      seconds,
      made,
      feedPosts: posts.length,
      summary: stats.summary(seconds),
      // What this process (the load generator) took from the cores the server needs, as a share of one core.
      clientCpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
    };
  } finally {
    client?.close();
    await backend?.stop();
    await storage?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const latency = (value) => (Number.isNaN(value) ? '-' : ms(value));

function routeTable({ summary }) {
  const all = summary.all.requests;
  const row = (group) => [
    group.name,
    group.requests.toLocaleString('en'),
    `${((100 * group.requests) / Math.max(all, 1)).toFixed(1)}%`,
    perSecond(group.requestsPerSecond),
    latency(group.p50),
    latency(group.p99),
    ...FAILURE_KINDS.map((kind) => String(group.failures[kind])),
  ];
  const header = ['route', 'requests', 'share', 'req/s', 'p50 ms', 'p99 ms', ...FAILURE_KINDS];
  return markdownTable(header, [...summary.routes, summary.reads, summary.writes, summary.all].map(row));
}

function describeRun(run, options) {
  const { made } = run;
  return (
    `${run.heading}: ${options.members} members; ${options.users} virtual users, each signed in as one of them, ` +
    `on keep-alive connections, each sending its next request as soon as the last is answered; ${run.seconds.toFixed(1)} s ` +
    `after a ${WARM_UP_SECONDS} s warm-up. Starting content made through the API: ${made.posts} posts ` +
    `(${made.withPicture} with a picture), ${made.likes} likes, ${made.comments} comments; ${run.feedPosts} posts ` +
    `in the feed with the demo seed's. Load generator CPU: ${(100 * run.clientCpuShare).toFixed(0)}% of one core. ` +
    `p50 and p99 over the 2xx answers; failures: non-2xx answers, 2xx answers with a wrong body, socket errors, timeouts.`
  );
}

function recordRunFigures(label, summary) {
  const all = summary?.all;
  const note = summary ? undefined : 'the run failed';
  recordFigure({ measure: `mixed workload req/s on ${label}`, value: all?.requestsPerSecond, unit: 'req/s', digits: 0, note });
  recordFigure({ measure: `mixed workload p50 on ${label}`, value: all?.p50, unit: 'ms', digits: 2, note });
  recordFigure({ measure: `mixed workload p99 on ${label}`, value: all?.p99, unit: 'ms', digits: 2, note });
  recordFigure({ measure: `mixed workload failed requests on ${label}`, value: all?.failed, target: 0, comparison: '<=', digits: 0, note });
}

async function main(options) {
  // What every database's run needs from the repo: the built server and the picture uploads send.
  const repo = { entry: builtBackend('main.js', options.backendEntry), picture: readPicture() };
  console.log(
    `Mixed workload: ${MIX.map((entry) => `${entry.route} ${entry.weight}%`).join(', ')}. ` +
      `Uploads send ${repo.picture.description}. Node ${process.version}, ${availableParallelism()} CPUs.\n`,
  );
  const failures = [];
  for (const database of options.databases) {
    const label = DATABASES[database];
    let run;
    try {
      run = await benchDatabase(database, options, repo);
    } catch (error) {
      if (error instanceof TypeError || error instanceof ReferenceError) throw error; // a bug here: runBench shows its stack
      // The other database is still measured; this one is reported as failed.
      console.error(`[mixed ${database}] error: ${error.message}`);
      failures.push(`${label}: the run failed (${error.message.split('\n')[0]})`);
      recordRunFigures(label);
      continue;
    }
    console.log(`${describeRun(run, options)}\n\n${routeTable(run)}\n`);
    recordRunFigures(label, run.summary);
    for (const example of run.summary.examples) {
      failures.push(`${label}: ${example.route}: ${example.kind} (status ${example.status || 'none'}): ${example.detail}`);
    }
  }
  if (failures.length > 0) {
    console.log(`Failures (at most ${EXAMPLES_PER_KIND} examples per route and kind):\n\n${failures.map((line) => `- ${line}`).join('\n')}\n`);
    console.error('error: a run or some requests failed (listed above): docs/requirements/performance.md#mixed-workload asks for zero errors.');
    process.exitCode = 1;
  }
}

runBench('bench:mixed', readOptions, main);
