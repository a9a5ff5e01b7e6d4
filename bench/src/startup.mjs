#!/usr/bin/env node
// Start-up time (spawn to first /api/health answer) and resident memory of the default `npm start`
// run, as a newcomer meets it: the repository's last commit cloned to a temp dir, `npm ci`, then
// `npm start` (which builds everything first); then a first start on a fresh data dir with the build
// done (until the seed's pictures, drawn after the first answer, are all drawn), then restarts on
// that one. Prints a markdown table. --in-place skips the clone and measures this tree's build.
//
//   npm run bench:startup -w bench -- [--restarts 3] [--in-place]
import { execFileSync, spawn } from 'node:child_process';
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
const CLEAN_START_TARGET_MS = 45_000; // `npm start` on a clean clone after `npm ci`, building first
const FIRST_START_TARGET_MS = 10_000; // fresh data dir, after the build
const RESTART_TARGET_MS = 3_000;
const FIRST_START_PEAK_TARGET_MB = 512; // the site must run on a 1 GB VPS
const START_TIMEOUT_MS = 120_000;
const BUILD_START_TIMEOUT_MS = 600_000; // a start that builds everything first, on a busy host
const PICTURES_TIMEOUT_MS = 300_000; // drawn one at a time in the background: slow on a busy host
/** What the server logs once the seed's pictures are all drawn (backend/src/db/seed/seed-pictures.service.ts). */
const PICTURES_DRAWN = /^Seed pictures drawn: (\d+)/;

const USAGE = `Usage: node bench/src/startup.mjs [--restarts 3] [--in-place]

  --restarts  restarts on the existing data dir; the table shows their median
              (default BENCH_RESTARTS, or 3)
  --in-place  no clean clone (no npm ci, no start that builds): the starts of this
              tree, which must be built`;

function readOptions(argv, env) {
  const values = parseCommandLine(
    argv,
    { restarts: { type: 'string', default: env.BENCH_RESTARTS ?? '3' }, 'in-place': { type: 'boolean', default: false } },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  return { restarts: positiveInteger('restarts', values.restarts, USAGE), inPlace: values['in-place'] };
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
 * One `npm start` of the repository at `repo` on `dataDir`: time to the first /api/health answer,
 * memory 1 s later, and, on a first start, the time until the seed's pictures are drawn and the
 * memory then. `building`: a start that builds first, given longer to answer.
 */
async function startOnce(repo, dataDir, { first, building = false }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(repo, 'scripts/start.mjs')], {
    cwd: repo,
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
    await until(answers, { timeoutMs: building ? BUILD_START_TIMEOUT_MS : START_TIMEOUT_MS, what: 'a first answer', failed });
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

/** Clones the repository's last commit to a temp dir and times `npm ci` there. */
function cleanClone() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-clone-'));
  execFileSync('git', ['clone', '-q', root, dir]);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  console.log(`A clean clone of ${commit} (changes not committed are not in it) in ${dir}`);
  const started = performance.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return { dir, npmCiMs: performance.now() - started };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (value) => `${value.toFixed(0)} MB`;
const ratio = (value, target) => (value / target).toFixed(2);

async function main(options) {
  const clone = options.inPlace ? undefined : cleanClone();
  const repo = clone?.dir ?? root;
  // `npm start` would build these first: the bench would time a build, and rewrite the build outputs.
  const stale = clone ? [] : staleBuilds();
  if (stale.length > 0) throw new Error(`the ${stale.join(' and ')} build is missing or older than its sources: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-startup-'));
  const cleanDataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-clean-'));
  try {
    // The newcomer's start: the whole build, then a first start on a data dir of its own.
    const clean = clone ? await startOnce(repo, cleanDataDir, { first: false, building: true }) : undefined;
    if (clean && !clean.built) throw new Error('`npm start` on the clean clone built nothing: there was no build to time');
    const first = await startOnce(repo, dataDir, { first: true });
    const restarts = [];
    for (let i = 0; i < options.restarts; i++) restarts.push(await startOnce(repo, dataDir, { first: false }));
    const restartMs = median(restarts.map((r) => r.firstAnswerMs));
    const restartRss = median(restarts.map((r) => r.rss));
    const restartPeak = Math.max(...restarts.map((r) => r.peak));

    console.log(
      markdownTable(
        ['measure', 'value', 'target', 'ratio to target'],
        [
          ...(clone
            ? [
                ['`npm ci` on a clean clone', ms(clone.npmCiMs), 'reported', '-'],
                ['`npm start` on a clean clone, building first (to first answer)', ms(clean.firstAnswerMs), `< ${CLEAN_START_TARGET_MS} ms`, ratio(clean.firstAnswerMs, CLEAN_START_TARGET_MS)],
              ]
            : []),
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
    if (clone) {
      recordFigure({ measure: '`npm ci` on a clean clone', value: clone.npmCiMs, unit: 'ms', digits: 0 });
      recordFigure({ measure: '`npm start` on a clean clone to first answer (builds first)', value: clean.firstAnswerMs, unit: 'ms', target: CLEAN_START_TARGET_MS, comparison: '<', digits: 0 });
    }
    recordFigure({ measure: 'first start to first answer (fresh data dir)', ...measured(first.firstAnswerMs, [first]), unit: 'ms', target: FIRST_START_TARGET_MS, comparison: '<', digits: 0 });
    recordFigure({ measure: `restart to first answer (median of ${options.restarts})`, ...measured(restartMs, restarts), unit: 'ms', target: RESTART_TARGET_MS, comparison: '<', digits: 0 });
    recordFigure({ measure: 'peak resident memory during a first start', ...measured(first.peak, [first]), unit: 'MB', target: FIRST_START_PEAK_TARGET_MB, comparison: '<=', digits: 0 });
    recordFigure({ measure: 'first start until the seed pictures are drawn', ...measured(first.picturesDrawnMs, [first]), unit: 'ms', digits: 0 });
    recordFigure({ measure: 'resident memory after first start (pictures drawn)', value: first.rss, unit: 'MB', digits: 0 });
    recordFigure({ measure: 'resident memory after restart (median)', value: restartRss, unit: 'MB', digits: 0 });
  } finally {
    for (const dir of [dataDir, cleanDataDir, clone?.dir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runBench('bench:startup', readOptions, main);
