#!/usr/bin/env node
// Start-up time (spawn to first /api/health answer) and resident memory of the default `npm start`
// run: first start on a fresh data dir (until the seed's pictures, drawn after the first answer, are
// all drawn), then restarts on the same one. Prints a markdown table.
//
//   npm run bench:startup -w bench -- [--restarts 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root, staleBuilds } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { recordFigure } from './lib/figures.mjs';
import { freePort, memoryMb } from './lib/processes.mjs';
import { markdownTable } from './lib/report.mjs';

// docs/requirements/performance.md#start and #memory.
const FIRST_START_TARGET_MS = 10_000; // fresh data dir, after the build
const RESTART_TARGET_MS = 3_000;
const FIRST_START_PEAK_TARGET_MB = 512; // the site must run on a 1 GB VPS
const START_TIMEOUT_MS = 120_000;
const PICTURES_TIMEOUT_MS = 300_000; // drawn one at a time in the background: slow on a busy host
/** What the server logs once the seed's pictures are all drawn (backend/src/db/seed/seed-pictures.service.ts). */
const PICTURES_DRAWN = /^Seed pictures drawn: (\d+)/;

const USAGE = `Usage: node bench/src/startup.mjs [--restarts 3]

  --restarts  restarts on the existing data dir; the table shows their median
              (default BENCH_RESTARTS, or 3)`;

function readOptions(argv, env) {
  const values = parseCommandLine(argv, { restarts: { type: 'string', default: env.BENCH_RESTARTS ?? '3' } }, USAGE);
  if (values.help) return { help: USAGE };
  return { restarts: positiveInteger('restarts', values.restarts, USAGE) };
}

// scripts/start.mjs runs the server in its own process (no child once the build is fresh), so the
// spawned pid is the server and its peak is that of everything it did since it started, seed
// pictures drawn in the background included.

/** The message of a JSON log line (pino's `msg`), or '' for any other line. */
function logMessage(line) {
  try {
    return String(JSON.parse(line).msg ?? '');
  } catch {
    return '';
  }
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with a condition's value once it has one, polling; rejects after `timeoutMs` or when `failed` says why. */
async function until(condition, { timeoutMs, what, failed }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const problem = failed();
    if (problem) throw new Error(`${problem} before ${what}`);
    const value = await condition();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await delay(20);
  }
}

/**
 * One `npm start` on `dataDir`: time to the first /api/health answer, memory 1 s later, and, on a
 * first start, the time until the seed's pictures are drawn and the memory then.
 */
async function startOnce(dataDir, { first }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    // info: the line saying the pictures are drawn; the other lines cost as little as at warn.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', LOG_FORMAT: 'json', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // `npm start` builds stale packages first and says so on stdout; such a start is not a start-up time.
  let built = false;
  let picturesDrawnMs;
  createInterface({ input: child.stdout }).on('line', (line) => {
    built ||= line.includes('Building ');
    if (line.startsWith('{') && PICTURES_DRAWN.test(logMessage(line))) picturesDrawnMs ??= performance.now() - started;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const failed = () => (child.exitCode !== null ? `the server exited with ${child.exitCode}` : undefined);
  try {
    const answers = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => (res.ok ? true : undefined),
        () => undefined, // not listening yet
      );
    await until(answers, { timeoutMs: START_TIMEOUT_MS, what: 'a first answer', failed });
    const firstAnswerMs = performance.now() - started;
    await delay(1_000); // let start-up garbage settle
    const afterAnswer = memoryMb(child.pid);
    if (!first) return { firstAnswerMs, built, ...afterAnswer };
    await until(() => picturesDrawnMs, { timeoutMs: PICTURES_TIMEOUT_MS, what: 'the seed pictures were drawn', failed });
    await delay(1_000);
    const afterPictures = memoryMb(child.pid);
    return { firstAnswerMs, built, picturesDrawnMs, rss: afterPictures.rss, rssAtAnswer: afterAnswer.rss, peak: afterPictures.peak };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (value) => `${value.toFixed(0)} MB`;
const ratio = (value, target) => (value / target).toFixed(2);

async function main() {
  const options = readOptions(process.argv.slice(2), process.env);
  if (options.help) {
    console.log(options.help);
    return;
  }
  // `npm start` would build these first: the bench would time a build, and rewrite the build outputs.
  const stale = staleBuilds();
  if (stale.length > 0) throw new Error(`the ${stale.join(' and ')} build is missing or older than its sources: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-startup-'));
  try {
    const first = await startOnce(dataDir, { first: true });
    const restarts = [];
    for (let i = 0; i < options.restarts; i++) restarts.push(await startOnce(dataDir, { first: false }));
    const restartMs = median(restarts.map((r) => r.firstAnswerMs));
    const restartRss = median(restarts.map((r) => r.rss));
    const restartPeak = Math.max(...restarts.map((r) => r.peak));

    console.log(
      markdownTable(
        ['measure', 'value', 'target', 'ratio to target'],
        [
          ['first start, fresh data dir (to first answer)', ms(first.firstAnswerMs), `< ${FIRST_START_TARGET_MS} ms`, ratio(first.firstAnswerMs, FIRST_START_TARGET_MS)],
          [`restart, existing data dir (median of ${options.restarts})`, ms(restartMs), `< ${RESTART_TARGET_MS} ms`, ratio(restartMs, RESTART_TARGET_MS)],
          ['peak resident memory, first start (seed pictures drawn)', mb(first.peak), `<= ${FIRST_START_PEAK_TARGET_MB} MB`, ratio(first.peak, FIRST_START_PEAK_TARGET_MB)],
          ['first start until the seed pictures are drawn', ms(first.picturesDrawnMs), 'reported', '-'],
          ['resident memory 1 s after the first answer', mb(first.rssAtAnswer), 'reported', '-'],
          ['resident memory after first start (seed pictures drawn)', mb(first.rss), 'reported', '-'],
          ['resident memory after restart (median)', mb(restartRss), 'reported', '-'],
          ['peak resident memory, restarts (highest)', mb(restartPeak), 'reported', '-'],
        ],
      ),
    );
    const builds = [first, ...restarts].filter((start) => start.built).length;
    if (builds > 0) {
      console.log(`\n${builds} of ${options.restarts + 1} starts built stale packages first (sources newer than dist): their times include a build.`);
      console.error('error: run `npm run build` first (and keep the sources still while measuring).');
      process.exitCode = 1;
    }
    // A start that built first measured a build too: its figures are recorded as not measured.
    const measured = (value, starts) => (starts.some((start) => start.built) ? { value: null, note: 'a start built first' } : { value });
    recordFigure({ measure: 'first start to first answer (fresh data dir)', ...measured(first.firstAnswerMs, [first]), unit: 'ms', target: FIRST_START_TARGET_MS, comparison: '<', digits: 0 });
    recordFigure({ measure: `restart to first answer (median of ${options.restarts})`, ...measured(restartMs, restarts), unit: 'ms', target: RESTART_TARGET_MS, comparison: '<', digits: 0 });
    recordFigure({ measure: 'peak resident memory during a first start', ...measured(first.peak, [first]), unit: 'MB', target: FIRST_START_PEAK_TARGET_MB, comparison: '<=', digits: 0 });
    recordFigure({ measure: 'first start until the seed pictures are drawn', ...measured(first.picturesDrawnMs, [first]), unit: 'ms', digits: 0 });
    recordFigure({ measure: 'resident memory after first start (pictures drawn)', value: first.rss, unit: 'MB', digits: 0 });
    recordFigure({ measure: 'resident memory after restart (median)', value: restartRss, unit: 'MB', digits: 0 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('bench:startup', main);
