// Load without loss: readers and writers against the built backend for a while, then the database
// read directly must hold every acknowledged write exactly once, with counters that add up, and no
// request may have had a 5xx or a socket error. Meanwhile two members toggle one like and their
// friendship in bursts sent at once to every process: each acknowledged toggle must flip the state
// once. Afterwards no line the API logged (at info) may carry a password hash, a member's email or
// password, or a post's or comment's text. Runs on one process over PGlite (setup A) and on two
// processes over PostgreSQL + Redis (setup B), clients spread over both by round robin.
//
//   node e2e/soak/load.mjs [--seconds 60] [--readers 200] [--writers 20] [--setup pglite|postgres|both]
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { auditDatabase } from './lib/load-audit.mjs';
import { LoadClient, RequestRecorder } from './lib/load-http.mjs';
import { scanLogs, secretsToKeep } from './lib/load-logs.mjs';
import { expectStatus, registerMembers, walkWholeFeed } from './lib/load-members.mjs';
import { httpChecks, summaryLines } from './lib/load-report.mjs';
import { RAISED_LIMITS, startPgliteSetup, startPostgresSetup } from './lib/load-servers.mjs';
import { KnownContent, runTraffic, WriteLedger } from './lib/load-traffic.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_BACKEND = resolve(here, '../../backend/dist/main.js');
const DEFAULT_POSTGRES_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
// Keys get a prefix of the run's own, and only those are deleted: the index may be shared.
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/13';
/** Signed-in readers share this many accounts: enough that profile views and feeds differ by viewer. */
const MAX_READER_ACCOUNTS = 10;
/** The two members of the contended bursts: one like of one of them, and their friendship. */
const CONTENDERS = 2;

const USAGE = `Usage: node e2e/soak/load.mjs [--seconds 60] [--readers 200] [--writers 20] [--setup pglite|postgres|both] [--warm-start] [--backend backend/dist/main.js]

By default the clients open their connections inside the measured window, all at once: a burst of
new connections into a server that is already busy, as when a page is shared widely.
--warm-start: the clients connect before the window, so it measures the requests alone.

The API processes log at info into a temporary directory; the logs are scanned after the run, and
kept (the report names where) when a setup fails.

DATABASE_URL: a PostgreSQL server whose role may create databases (default ${DEFAULT_POSTGRES_URL});
REDIS_URL: the Redis for setup B (default ${DEFAULT_REDIS_URL}).`;

/**
 * The members' impression counters before the load, read through `target`. A profile shows the
 * counter plus the deliveries its own process has not written yet (they are written about once a
 * second), not those of another process: so the deliveries made so far (the walk of the seeded
 * feed) must all have been made through `target` too.
 */
async function baselineImpressions(client, viewer, memberIds, ledger, target) {
  const baseline = new Map();
  for (const id of memberIds) {
    const member = expectStatus(await client.request({ path: `/api/users/${id}`, route: 'GET /api/users/:id', kind: 'setup', token: viewer.token, target }), 200, `profile ${id}`);
    baseline.set(id, member.impressions);
    if (id !== viewer.id) ledger.profileViews.add(`${id} ${viewer.id}`);
  }
  return baseline;
}

/** API requests that got an answer, from route summaries (`/assets` files are not logged per request). */
function answeredApiRequests(routes) {
  return routes
    .filter((route) => route.route.includes(' /api/'))
    .flatMap((route) => Object.entries(route.statuses))
    .filter(([status]) => !status.startsWith('error'))
    .reduce((sum, [, count]) => sum + count, 0);
}

/**
 * One started setup: prepare members, run the traffic, stop the servers, audit the database and
 * scan the API's logs. `beforeAudit(db, ledger, { logFiles })` lets a self-check damage the
 * database or write a line into a log first, to see the audit notice.
 */
export async function runSetup(setup, { seconds, readers, writers, warmUp = false, log, beforeAudit }) {
  const runTag = randomBytes(4).toString('hex');
  const ledger = new WriteLedger(runTag);
  const setupClient = new LoadClient(setup.baseUrls, new RequestRecorder());
  const client = new LoadClient(setup.baseUrls, new RequestRecorder());
  try {
    const readerAccounts = readers > 0 ? Math.min(MAX_READER_ACCOUNTS, readers) : 0;
    log(`  registering ${writers} writers, ${readerAccounts} reader accounts and ${CONTENDERS} contenders`);
    const members = await registerMembers(setupClient, { writers, readers: readerAccounts, contenders: CONTENDERS, runTag });
    const runMembers = [...members.writers, ...members.readers, ...members.contenders];
    const viewer = members.readers[0] ?? members.writers[0];
    // One process makes every delivery before the baseline, and reads the baseline: see baselineImpressions.
    const setupTarget = 0;
    const seededPosts = await walkWholeFeed(setupClient, viewer.token, setupTarget);
    // The newest post is its author's newest, and seeded members never post: the like burst reads it back as such.
    const [contendedPost] = seededPosts;
    if (!contendedPost) throw new Error('the database holds no seeded post: the load needs posts to read and like');
    const seededMemberIds = [...new Set(seededPosts.map((post) => post.userId))];
    const memberIds = [...seededMemberIds, ...runMembers.map((member) => member.id)];
    const baseline = await baselineImpressions(setupClient, viewer, memberIds, ledger, setupTarget);
    const known = new KnownContent({
      posts: seededPosts,
      memberIds,
      memberPictures: [...new Set([...seededPosts.map((post) => post.userPicturePath), ...runMembers.map((member) => member.picturePath)])],
    });

    log(`  load: ${readers} readers, ${writers} writers, ${seconds} s (${seededPosts.length} seeded posts)`);
    const traffic = await runTraffic({
      client,
      seconds,
      readers,
      writerMembers: members.writers,
      readerMembers: members.readers,
      contenders: members.contenders,
      contendedPost: { id: contendedPost._id, userId: contendedPost.userId },
      seededMemberIds,
      known,
      ledger,
      log,
      warmUp,
    });
    client.close();
    setupClient.close();

    log('  stopping the servers and auditing the database');
    const db = await setup.openAudit();
    const requests = client.recorder.summary();
    // The warm-up's requests are held to the same rules, but kept out of the load's numbers.
    const connectRoutes = traffic.connect?.requests.routes ?? [];
    let audit;
    let logCheck;
    try {
      await beforeAudit?.(db, ledger, { logFiles: setup.logFiles });
      audit = await auditDatabase({
        db,
        ledger,
        seededPostCount: seededPosts.length,
        baselineImpressions: baseline,
        likerIds: [...members.writers, ...members.contenders].map((member) => member.id),
        runMemberIds: runMembers.map((member) => member.id),
      });
      log(`  scanning the API's logs in ${setup.logDir}`);
      logCheck = await scanLogs({
        files: setup.logFiles,
        secrets: await secretsToKeep({ db, ledger, members: runMembers }),
        apiRequests: answeredApiRequests([...setupClient.recorder.summary().routes, ...connectRoutes, ...requests.routes]),
      });
    } finally {
      await db.close();
    }

    const checks = [
      ...httpChecks({
        all: { count: requests.all.count + (traffic.connect?.requests.all.count ?? 0) },
        routes: [...connectRoutes, ...requests.routes],
        problems: [...(traffic.connect?.requests.problems ?? []), ...requests.problems],
      }),
      ...audit.checks,
      logCheck,
    ];
    return {
      setup: setup.name,
      processes: setup.baseUrls.length,
      readers: { signedIn: traffic.signedInReaders, anonymous: traffic.anonymousReaders },
      writers,
      raisedLimits: Object.entries(RAISED_LIMITS).map(([name, value]) => `${name}=${value}`).join(', '),
      durationSeconds: traffic.durationSeconds,
      connectSeconds: traffic.connect?.seconds,
      totalRequests: requests.all.count,
      requestsPerSecond: requests.all.count / traffic.durationSeconds,
      latency: { all: requests.all, read: requests.read, write: requests.write },
      statuses: requests.all.statuses,
      routes: [...connectRoutes, ...requests.routes],
      problems: requests.problems,
      acknowledged: audit.acknowledged,
      checks,
      ok: checks.every((entry) => entry.ok),
    };
  } finally {
    client.close();
    setupClient.close();
  }
}

/**
 * Runs the load on the chosen setups, one after the other (they would share the two cores).
 * Answers `{ ok, summaries, lines }`: `lines` is markdown for the runner to print. A setup that
 * cannot even start or prepare counts as failed, with its error in the lines.
 */
export async function runLoad({
  seconds = 60,
  readers = 200,
  writers = 20,
  setup = 'both',
  warmUp = false,
  backendEntry = DEFAULT_BACKEND,
  postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL,
  redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL,
  log = (line) => console.error(line),
} = {}) {
  if (!existsSync(backendEntry)) throw new Error(`${backendEntry} does not exist: build the backend first (npm run build)`);
  if (writers < 1) throw new Error('--writers must be at least 1: the load is about writes');
  const starters = {
    pglite: () => startPgliteSetup({ backendEntry }),
    postgres: () => startPostgresSetup({ backendEntry, postgresUrl, redisUrl }),
  };
  const chosen = setup === 'both' ? ['pglite', 'postgres'] : [setup];
  const summaries = [];
  const lines = [];
  for (const name of chosen) {
    const started = performance.now();
    const logWithTime = (line) => log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
    logWithTime(`load: starting setup ${name}`);
    let running;
    let ok = false;
    try {
      running = await starters[name]();
      const summary = await runSetup(running, { seconds, readers, writers, warmUp, log: logWithTime });
      summary.wallSeconds = (performance.now() - started) / 1000;
      summaries.push(summary);
      ok = summary.ok;
      lines.push(...summaryLines(summary), `Setup ${name} took ${summary.wallSeconds.toFixed(0)} s in all (start, members, load, stop, audit, log scan).`, '');
    } catch (error) {
      summaries.push({ setup: name, ok: false, error: error.stack ?? String(error) });
      lines.push(`### Load, setup ${name}: FAIL`, '', '```', String(error.stack ?? error), '```', '');
    } finally {
      // A failed run's logs stay, for the lines its checks point at (and any 5xx's stack).
      await running?.cleanUp({ keepLogs: !ok });
      if (running && !ok) lines.push(`The API's logs of setup ${name} are kept in ${running.logDir}.`, '');
    }
  }
  return { ok: summaries.every((summary) => summary.ok), summaries, lines };
}

function readCommandLine(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '60' },
      readers: { type: 'string', default: '200' },
      writers: { type: 'string', default: '20' },
      setup: { type: 'string', default: 'both' },
      backend: { type: 'string' },
      'warm-start': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return { help: true };
  const count = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min} (got ${values[name]})\n${USAGE}`);
    return value;
  };
  if (!['pglite', 'postgres', 'both'].includes(values.setup)) throw new Error(`--setup must be pglite, postgres or both (got ${values.setup})\n${USAGE}`);
  return {
    seconds: count('seconds', 1),
    readers: count('readers', 0),
    writers: count('writers', 1),
    setup: values.setup,
    warmUp: values['warm-start'],
    backendEntry: values.backend ? resolve(values.backend) : undefined,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let options;
  try {
    options = readCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { ok, lines } = await runLoad(options);
  console.log(lines.join('\n'));
  process.exit(ok ? 0 : 1);
}
