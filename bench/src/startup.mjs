#!/usr/bin/env node
// Start-up time (spawn to first /api/health answer) and resident memory of the default `npm start`
// run: first start on a fresh data dir, then restarts on the same one. Prints a markdown table.
//
//   npm run bench:startup -w bench -- [--restarts 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, staleBuilds } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { recordFigure } from './lib/figures.mjs';
import { freePort } from './lib/processes.mjs';
import { markdownTable } from './lib/report.mjs';

const TARGET_MS = 5_000; // DESIGN section 10: under 5 s on an existing data dir
const START_TIMEOUT_MS = 120_000; // a first start migrates and seeds (and may build)

const USAGE = `Usage: node bench/src/startup.mjs [--restarts 3]

  --restarts  restarts on the existing data dir; the table shows their median
              (default BENCH_RESTARTS, or 3)`;

function readOptions(argv, env) {
  const values = parseCommandLine(argv, { restarts: { type: 'string', default: env.BENCH_RESTARTS ?? '3' } }, USAGE);
  if (values.help) return { help: USAGE };
  return { restarts: positiveInteger('restarts', values.restarts, USAGE) };
}

function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // `npm start` builds stale packages first and says so on stdout; such a start is not a start-up time.
  let built = false;
  child.stdout.on('data', (chunk) => {
    built ||= chunk.toString().includes('Building ');
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstAnswerMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let start-up garbage settle
    return { firstAnswerMs, rssMb: residentKb(child.pid) / 1024, built };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
    const first = await startOnce(dataDir);
    const restarts = [];
    for (let i = 0; i < options.restarts; i++) restarts.push(await startOnce(dataDir));
    const restartMs = median(restarts.map((r) => r.firstAnswerMs));
    const restartRss = median(restarts.map((r) => r.rssMb));

    console.log(
      markdownTable(
        ['measure', 'value', 'target', 'ratio to target'],
        [
          ['first start, fresh data dir (to first answer)', `${first.firstAnswerMs.toFixed(0)} ms`, '-', '-'],
          [`restart, existing data dir (median of ${options.restarts})`, `${restartMs.toFixed(0)} ms`, `< ${TARGET_MS} ms`, (restartMs / TARGET_MS).toFixed(2)],
          ['resident memory after first start', `${first.rssMb.toFixed(0)} MB`, 'reported', '-'],
          ['resident memory after restart (median)', `${restartRss.toFixed(0)} MB`, 'reported', '-'],
        ],
      ),
    );
    const builds = [first, ...restarts].filter((start) => start.built).length;
    if (builds > 0) {
      console.log(`\n${builds} of ${options.restarts + 1} starts built stale packages first (sources newer than dist): their times include a build.`);
      console.error('error: run `npm run build` first (and keep the sources still while measuring).');
      process.exitCode = 1;
    }
    // A time that includes a build is no start-up time: recorded as not measured.
    const timed = (value, starts) => (starts.some((start) => start.built) ? { value: null, note: 'a start built first' } : { value });
    recordFigure({ measure: `restart to first answer (median of ${options.restarts})`, ...timed(restartMs, restarts), unit: 'ms', target: TARGET_MS, comparison: '<', digits: 0 });
    recordFigure({ measure: 'first start to first answer (fresh data dir)', ...timed(first.firstAnswerMs, [first]), unit: 'ms', digits: 0 });
    recordFigure({ measure: 'resident memory after restart (median)', value: restartRss, unit: 'MB', digits: 0 });
    recordFigure({ measure: 'resident memory after first start', value: first.rssMb, unit: 'MB', digits: 0 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('bench:startup', main);
