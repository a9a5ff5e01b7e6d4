#!/usr/bin/env node
// Fault soak: the built API killed with SIGKILL again and again during writes and generation (on
// PGlite, and on PostgreSQL with BullMQ), then its PostgreSQL and its Redis stopped and killed
// under running API processes. Throw-away servers of our own are used; the shared ones are never
// touched. `node e2e/soak/faults.mjs [--rounds 4] [--outage-seconds 10] [--only kill-pglite,kill-postgres,outages]`
// prints a markdown report and exits 1 if any check failed; `npm run test:soak` calls runFaults().
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { crashDuringStart, scenarioSecrets, startApi } from './lib/fault-processes.mjs';
import { HANG_MS, judgeDuringOutage, recoveryTimes, startProbes, tally } from './lib/fault-outage.mjs';
import { call, createLedger, registerMembers, runWriters, verifyLedger } from './lib/fault-writes.mjs';
import { startPostgres, startRedis } from './lib/services.mjs';

const SCENARIOS = ['kill-pglite', 'kill-postgres', 'outages'];
/** Interrupted runs after which a job ends as ERROR instead of looping (MAX_ATTEMPTS in job-maintenance.ts). */
const MAX_ATTEMPTS = 3;
/** Jobs cut off on PostgreSQL are taken back once their heartbeat is 20 s stale: allow for that. */
const JOBS_SETTLE_MS = 75_000;
const RECOVERY_LIMIT_MS = 30_000;
/**
 * The longest a job may wait to start across a crash: on PostgreSQL a job cut off mid-render is
 * taken back once its heartbeat is 20 s stale (swept every 5 s); then it runs at once.
 */
const QUEUE_WAIT_LIMIT_MS = 40_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

async function adminGet(api, secrets, route) {
  const answer = await call(api, 'GET', route, { token: secrets.ADMIN_TOKEN });
  if (answer.status !== 200) throw new Error(`GET ${route} answered ${answer.status}`);
  return answer.body;
}

/** Waits until no job is queued or running, then lists what became of every job. */
async function settledJobs(api, secrets) {
  const deadline = Date.now() + JOBS_SETTLE_MS;
  for (;;) {
    const { counts } = await adminGet(api, secrets, '/admin/jobs/summary');
    if (counts.IN_QUEUE + counts.IN_PROGRESS === 0) break;
    if (Date.now() > deadline) break;
    await sleep(500);
  }
  return adminGet(api, secrets, '/admin/jobs?limit=500');
}

/** Problems with jobs after a crash: every one ended, and COMPLETED unless it was cut off too often. */
function jobProblems(jobs) {
  return jobs
    .filter((job) => job.status !== 'COMPLETED' && !(job.status === 'ERROR' && job.attempts >= MAX_ATTEMPTS))
    .map((job) => `job ${job.id} ended ${job.status} after ${job.attempts} attempt(s): ${job.error ?? ''}`);
}

/** Keeps one procedural job waiting behind the running one, so a kill finds a picture mid-render. */
function keepJobsQueued(api, secrets, signal) {
  return (async () => {
    while (!signal.aborted) {
      const summary = await call(api, 'GET', '/admin/jobs/summary', { token: secrets.ADMIN_TOKEN, timeoutMs: 5_000 });
      if (typeof summary.status !== 'number') return;
      if (summary.body?.counts?.IN_QUEUE === 0) await call(api, 'POST', '/start-dream', { json: { mode: 'nightmare' }, timeoutMs: 5_000 });
      await sleep(100);
    }
  })();
}

/**
 * Rounds of: members write and pictures render; SIGKILL at a random moment; start again on the same
 * data; every acknowledged write must read back exactly once. At the end every job has ended.
 */
async function killRounds({ label, rounds, processOptions, log }) {
  const secrets = scenarioSecrets();
  const options = { ...processOptions, secrets, env: { GENERATION_CONCURRENCY: '1', WORKER_HEALTH_INTERVAL_SECONDS: '3600' } };
  const problems = [];
  const restartMs = [];
  let inFlightAtKills = 0;
  // The very first start is cut short too, while it creates, migrates and seeds the database.
  const firstStartKilledAtMs = Math.round(1_000 + Math.random() * 5_000);
  const firstStart = await crashDuringStart(options, firstStartKilledAtMs);
  let api = await startApi(options);
  try {
    const tag = `kill${Date.now().toString(36)}`;
    const members = await registerMembers(api.url, 4, tag);
    const ledger = createLedger(tag);
    const postIds = [];
    for (let round = 1; round <= rounds; round += 1) {
      const stop = new AbortController();
      const unanswered = ledger.answers.get('network') ?? 0;
      const writing = runWriters(api.url, members, ledger, { signal: stop.signal, postIds });
      const generating = keepJobsQueued(api.url, secrets, stop.signal);
      await sleep(1_500 + Math.random() * 2_500);
      await api.kill();
      stop.abort();
      await Promise.all([writing, generating]);
      inFlightAtKills += (ledger.answers.get('network') ?? 0) - unanswered;

      const started = performance.now();
      api = await startApi(options);
      restartMs.push(performance.now() - started);
      const verified = await verifyLedger(api.url, members, ledger);
      problems.push(...verified.problems.map((problem) => `round ${round}: ${problem}`));
      log(`${label}: round ${round}/${rounds}: restarted in ${seconds(restartMs.at(-1))}, ${verified.problems.length} problem(s)`);
    }
    const jobs = await settledJobs(api.url, secrets);
    problems.push(...jobProblems(jobs));
    const longestQueueWaitMs = Math.max(0, ...jobs.filter((job) => job.startedAt).map((job) => Date.parse(job.startedAt) - Date.parse(job.createdAt)));
    if (longestQueueWaitMs > QUEUE_WAIT_LIMIT_MS) problems.push(`a job waited ${seconds(longestQueueWaitMs)} to start (limit ${seconds(QUEUE_WAIT_LIMIT_MS)})`);
    const exit = await api.stop();
    if (exit.code !== 0) problems.push(`the last server stopped with ${JSON.stringify(exit)}`);
    if (processOptions.dataDir && !processOptions.databaseUrl && fs.existsSync(path.join(processOptions.dataDir, 'pglite', 'atelier.pid'))) {
      problems.push('the data-dir lock was left behind by a clean stop');
    }
    const acknowledged = [...ledger.answers].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, n]) => sum + n, 0);
    // A write either succeeds or is cut off by the kill: the server never refuses or fails one.
    const refused = [...ledger.answers].filter(([status]) => typeof status === 'number' && status >= 300);
    if (refused.length) problems.push(`writes were answered ${tally(refused.flatMap(([status, n]) => Array(n).fill(status)))}`);
    return {
      scenario: label,
      rounds,
      firstStartKilledAtMs,
      firstStartHadAnswered: firstStart.answered,
      acknowledgedWrites: acknowledged,
      inFlightAtKills,
      restartMedianMs: median(restartMs),
      restartMaxMs: Math.max(...restartMs),
      jobs: jobs.length,
      interruptedJobs: jobs.filter((job) => job.attempts > 1).length,
      longestQueueWaitMs,
      jobStatuses: tally(jobs.map((job) => job.status)),
      problems,
    };
  } finally {
    await api.kill();
  }
}

/** The feed cache of process B is dropped by a post made through process A: PostgreSQL NOTIFY works. */
async function notificationReaches(apis, member) {
  const [writer, reader] = apis;
  await call(reader, 'GET', '/posts', { token: member.token }); // B caches its first page
  const marker = `notify-${Date.now()}`;
  const posted = await call(writer, 'POST', '/posts', { token: member.token, json: { description: marker } });
  if (posted.status !== 201) return false;
  // Without the notification B would serve its cached page for up to five seconds.
  const deadline = performance.now() + 1_500;
  while (performance.now() < deadline) {
    const page = await call(reader, 'GET', '/posts', { token: member.token });
    if (page.body?.[0]?.description === marker) return true;
    await sleep(100);
  }
  return false;
}

async function listeningConnections(postgres, database) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [database]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Starts `count` jobs and answers their ids. */
async function startJobs(api, count) {
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await call(api, 'POST', '/start-dream', { json: { mode: 'strangedream' } });
    if (answer.status === 202) ids.push(answer.body.id);
  }
  return ids;
}

/**
 * One outage: requests flow to every API process; the service goes down for `outageMs`, comes
 * back, and the answers before, during and after are judged.
 */
async function outage({ name, dependency, apis, members, ledger, probeContext, outageMs, down, up, log }) {
  const answers = [];
  const record = (answer) => answers.push(answer);
  const stopWriting = new AbortController();
  let turn = 0;
  const writing = runWriters(() => apis[turn++ % apis.length], members, ledger, { signal: stopWriting.signal, keepGoing: true, onAnswer: record });
  const stopProbes = startProbes({ apis, ...probeContext, record });
  await sleep(2_000);

  const downAt = performance.now();
  await down();
  await sleep(outageMs);
  const restartAt = performance.now();
  await up();
  const backAt = performance.now();

  // Steady once every process answered 2xx for three seconds running.
  const deadline = backAt + RECOVERY_LIMIT_MS;
  while (performance.now() < deadline) {
    await sleep(1_000);
    const recovered = recoveryTimes(answers, apis, backAt);
    if (recovered.every((ms) => ms !== undefined && performance.now() - backAt - ms > 3_000)) break;
  }
  await stopProbes();
  stopWriting.abort();
  await writing;

  const during = answers.filter((answer) => answer.sentAt >= downAt && answer.sentAt < restartAt);
  const verdicts = during.map((answer) => judgeDuringOutage(answer, dependency));
  const needing = during.filter((answer) => answer.needs.includes(dependency));
  // Answered before the service went; one still in flight then may rightly be a 503.
  const before = answers.filter((answer) => answer.sentAt + (answer.ms ?? 0) < downAt);
  const problems = [
    ...before.filter((answer) => !(answer.status >= 200 && answer.status < 300)).map((answer) => `before the outage: ${answer.probe} answered ${answer.status}`),
    ...during.flatMap((answer, i) => (['ok', 'unavailable'].includes(verdicts[i]) ? [] : [`during the outage: ${answer.probe} → ${verdicts[i]}`])),
  ];
  if (!verdicts.includes('unavailable')) problems.push('no request was answered 503 during the outage');
  const recovered = recoveryTimes(answers, apis, backAt);
  recovered.forEach((ms, index) => {
    if (ms === undefined) problems.push(`API process ${index + 1} did not answer 2xx within ${RECOVERY_LIMIT_MS / 1000} s of the ${dependency} returning`);
  });
  const result = {
    scenario: name,
    requestsDuringOutage: during.length,
    answeredDuringOutage: tally(during.map((answer) => (answer.status === 503 ? `503 ${answer.body?.code ?? answer.body?.status}` : String(answer.status)))),
    // Routes that need the missing service but answered 2xx: from a cache, or sent just before it went.
    servedWithoutTheService: tally(needing.filter((answer) => answer.status >= 200 && answer.status < 300).map((answer) => answer.probe)) || 'none',
    maxLatencyDuringOutageMs: Math.round(Math.max(0, ...during.map((answer) => answer.ms ?? 0))),
    downForMs: Math.round(backAt - downAt),
    recoveredAfterMs: recovered.some((ms) => ms === undefined) ? undefined : Math.round(Math.max(...recovered)),
    problems,
  };
  log(`outages: ${name}: ${during.length} requests during the outage (${result.answeredDuringOutage}); recovered after ${result.recoveredAfterMs ?? 'never'} ms`);
  return result;
}

/**
 * Two API processes on our own PostgreSQL and Redis, each running jobs through BullMQ, while those
 * servers are stopped (fast shutdown), killed (SIGKILL to the postmaster / redis-server) and started.
 */
async function outages({ outageSeconds, log }) {
  const postgres = await startPostgres();
  const redis = await startRedis();
  const secrets = scenarioSecrets();
  const dataDirs = [tempDir('atelier-fault-api-a-'), tempDir('atelier-fault-api-b-')];
  const servers = [];
  const problems = [];
  try {
    const databaseUrl = await postgres.createDatabase('atelier_outages');
    // The probes start a job every few requests: the queue cap must not turn them into 429s.
    const env = { GENERATION_CONCURRENCY: '1', GENERATION_QUEUE_CAP: '100000', WORKER_HEALTH_INTERVAL_SECONDS: '3600' };
    const shared = { databaseUrl, redisUrl: redis.url, secrets, env };
    for (const dataDir of dataDirs) servers.push(await startApi({ ...shared, dataDir }));
    const pids = servers.map((server) => server.pid);
    const apis = servers.map((server) => server.url);
    // The probing member only ever opens its own profile, which counts no view in the writers' ledger.
    const tag = `outage${Date.now().toString(36)}`;
    const [prober, ...members] = await registerMembers(apis[0], 4, tag);
    const ledger = createLedger(tag);
    const [jobId] = await startJobs(apis[0], 1);
    const probeContext = { member: prober, other: prober, jobId };
    const outageMs = outageSeconds * 1_000;
    const common = { apis, members, ledger, probeContext, outageMs, log };

    const results = [];
    results.push(await outage({ ...common, name: 'PostgreSQL: fast shutdown', dependency: 'database', down: () => postgres.stop('fast'), up: () => postgres.start() }));
    results.push(await outage({ ...common, name: 'PostgreSQL: postmaster killed', dependency: 'database', down: () => postgres.kill(), up: () => postgres.start() }));
    const listening = await listeningConnections(postgres, 'atelier_outages');
    const notified = await notificationReaches(apis, members[0]);
    if (listening !== apis.length) problems.push(`${listening} LISTEN connections after the PostgreSQL outages, expected ${apis.length}`);
    if (!notified) problems.push('a post made through one API process did not reach the other one’s feed cache after the outages');

    // Jobs waiting in Redis when it goes: Redis comes back empty, the database still has them.
    const backlog = await startJobs(apis[0], 4);
    results.push(await outage({ ...common, name: 'Redis: stopped', dependency: 'queue', down: () => redis.stop(), up: () => redis.start() }));
    results.push(await outage({ ...common, name: 'Redis: killed', dependency: 'queue', down: () => redis.kill(), up: () => redis.start() }));
    const afterwards = await startJobs(apis[1], 2);
    const jobs = await settledJobs(apis[0], secrets);
    problems.push(...jobProblems(jobs));
    const ended = (ids) => ids.filter((id) => jobs.find((job) => job.id === id)?.status === 'COMPLETED').length;

    const verified = await verifyLedger(apis[0], members, ledger);
    problems.push(...verified.problems);
    servers.forEach((server, index) => {
      if (!server.alive() || server.pid !== pids[index]) problems.push(`API process ${index + 1} exited during the outages`);
    });
    return {
      scenario: 'outages',
      outages: results,
      listeningAfter: listening,
      notificationAfter: notified,
      backlogJobs: `${ended(backlog)}/${backlog.length} completed`,
      jobsAfterRedis: `${ended(afterwards)}/${afterwards.length} completed`,
      jobStatuses: tally(jobs.map((job) => job.status)),
      acknowledgedWrites: verified.acknowledgedPosts + verified.acknowledgedComments,
      problems: [...problems, ...results.flatMap((result) => result.problems.map((problem) => `${result.scenario}: ${problem}`))],
    };
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
    await Promise.all([postgres.destroy(), redis.destroy()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(summary) {
  const lines = ['## Faults', ''];
  const kills = summary.scenarios.filter((result) => result.rounds !== undefined);
  if (kills.length) {
    lines.push(
      '| SIGKILL during writes and generation | first start killed at | rounds | acknowledged writes | requests cut off | restart median / max | jobs (cut off mid-render) | job outcomes | longest wait in queue | problems |',
      '|---|---|---:|---:|---:|---|---|---|---:|---:|',
      ...kills.map(
        (r) =>
          `| ${r.scenario} | ${seconds(r.firstStartKilledAtMs)}${r.firstStartHadAnswered ? ' (already up)' : ''} | ${r.rounds} | ${r.acknowledgedWrites} | ${r.inFlightAtKills} | ${seconds(r.restartMedianMs)} / ${seconds(r.restartMaxMs)} | ${r.jobs} (${r.interruptedJobs}) | ${r.jobStatuses} | ${seconds(r.longestQueueWaitMs)} | ${r.problems.length} |`,
      ),
      '',
    );
  }
  const outageRun = summary.scenarios.find((result) => result.outages);
  if (outageRun) {
    lines.push(
      `| outage under 2 API processes | down for | requests during | answers during the outage | 2xx that needed the service | slowest answer | recovered after | problems |`,
      '|---|---|---:|---|---|---:|---|---:|',
      ...outageRun.outages.map(
        (r) =>
          `| ${r.scenario} | ${seconds(r.downForMs)} | ${r.requestsDuringOutage} | ${r.answeredDuringOutage} | ${r.servedWithoutTheService} | ${r.maxLatencyDuringOutageMs} ms | ${r.recoveredAfterMs === undefined ? 'never' : seconds(r.recoveredAfterMs)} | ${r.problems.length} |`,
      ),
      '',
      `After the PostgreSQL outages: ${outageRun.listeningAfter} LISTEN connections, cross-process cache notification ${outageRun.notificationAfter ? 'works' : 'FAILED'}. ` +
        `Jobs queued in Redis when it stopped: ${outageRun.backlogJobs}; started after it returned: ${outageRun.jobsAfterRedis}; all jobs: ${outageRun.jobStatuses}. ` +
        `Writes acknowledged during the outages: ${outageRun.acknowledgedWrites}, all read back.`,
      '',
    );
  }
  lines.push(`Fault run took ${seconds(summary.durationMs)}; ${summary.problems.length ? `**${summary.problems.length} problem(s)**:` : 'no problems.'}`);
  lines.push(...summary.problems.slice(0, 50).map((problem) => `- ${problem}`));
  return lines;
}

/**
 * Runs the fault scenarios; answers `{ summary, markdown }` (markdown: lines to print). The summary's
 * `problems` lists every failed check; empty means all passed.
 */
export async function runFaults({ rounds = 4, outageSeconds = 10, only = SCENARIOS, log = (line) => console.error(line) } = {}) {
  const started = performance.now();
  const runs = {
    'kill-pglite': async () => {
      const dataDir = tempDir('atelier-fault-pglite-');
      try {
        return await killRounds({ label: 'PGlite, in-process jobs', rounds, processOptions: { dataDir }, log });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    'kill-postgres': async () => {
      const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
      const dataDir = tempDir('atelier-fault-pg-api-');
      try {
        const databaseUrl = await postgres.createDatabase('atelier_kills');
        const processOptions = { dataDir, databaseUrl, redisUrl: redis.url };
        return await killRounds({ label: 'PostgreSQL, BullMQ jobs', rounds, processOptions, log });
      } finally {
        await Promise.all([postgres.destroy(), redis.destroy()]);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    outages: () => outages({ outageSeconds, log }),
  };
  const scenarios = [];
  for (const name of SCENARIOS.filter((scenario) => only.includes(scenario))) {
    try {
      scenarios.push(await runs[name]());
    } catch (error) {
      // One broken scenario is reported as such; the others still run.
      scenarios.push({ scenario: name, problems: [`could not run: ${error instanceof Error ? error.message : String(error)}`] });
    }
  }
  const summary = {
    scenarios,
    hangThresholdMs: HANG_MS,
    durationMs: performance.now() - started,
    problems: scenarios.flatMap((result) => result.problems.map((problem) => `${result.scenario}: ${problem}`)),
  };
  return { summary, markdown: markdown(summary) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '4' }, 'outage-seconds': { type: 'string', default: '10' }, only: { type: 'string', default: SCENARIOS.join(',') } },
  });
  const only = values.only.split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length) {
    console.error(`unknown scenario(s): ${unknown.join(', ')}; choose from ${SCENARIOS.join(', ')}`);
    process.exit(2);
  }
  const { summary, markdown: lines } = await runFaults({ rounds: Number(values.rounds), outageSeconds: Number(values['outage-seconds']), only });
  console.log(lines.join('\n'));
  process.exit(summary.problems.length ? 1 : 0);
}
