#!/usr/bin/env node
// Generation speed (docs/requirements/performance.md#generation-and-bot-folk and issue #6):
// - the procedural renderer: a 768x768 PNG in under 150 ms on one core. The built renderer renders
//   varied prompts one after another on this thread;
// - queue overhead: from POST /api/start-job to IN_PROGRESS with an idle dispatcher, under 50 ms. The
//   built backend runs jobs one at a time (each waits for the previous to finish), once with the
//   in-process dispatcher and once with BullMQ on REDIS_URL (skipped, saying so, when it is unset).
//   The job's own delayTime (creation to start, from the database clock) is the overhead; the
//   start-job round trip is shown beside it.
// Prints markdown tables on stdout, progress on stderr.
//
//   npm run build                       # at the repo root: the bench loads backend/dist
//   npm run bench:generation -w bench -- [--renders 40] [--jobs 30]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtBackend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { recordFigure } from './lib/figures.mjs';
import { percentile } from './lib/load.mjs';
import { startBackend } from './lib/processes.mjs';
import { markdownTable, ms } from './lib/report.mjs';

const TARGET_MS = 150;
const OVERHEAD_TARGET_MS = 50;
const WARM_UP_JOBS = 3;
const JOB_TIMEOUT_MS = 30_000;
const WARM_UP_RENDERS = 5;
const PROMPTS = [
  'sunset over the sea',
  'cold blue night in space',
  'a misty pine forest in the mountains',
  'portrait of a woman with red roses',
  'rainy city at night',
  'golden desert dunes',
  'snowy mountains at dawn',
  'a joyful garden of flowers',
  'eerie purple planets over a frozen lake',
  'zxq blorp (unknown words: abstract)',
];

const USAGE = `Usage: node bench/src/generation.mjs [--renders 40] [--jobs 30]

  --renders  measured renders (after ${WARM_UP_RENDERS} warm-up renders)
  --jobs     measured jobs per dispatcher (after ${WARM_UP_JOBS} warm-up jobs)

  REDIS_URL  when set, the BullMQ dispatcher is measured too (on a throw-away key prefix)`;

function readOptions(argv) {
  const values = parseCommandLine(argv, { renders: { type: 'string', default: '40' }, jobs: { type: 'string', default: '30' } }, USAGE);
  if (values.help) return { help: USAGE };
  return { renders: positiveInteger('renders', values.renders, USAGE), jobs: positiveInteger('jobs', values.jobs, USAGE) };
}

function measureRenderer(renders, log) {
  const require = createRequire(import.meta.url);
  const { renderProcedural } = require(builtBackend('modules/generation/procedural/procedural-renderer.js'));

  log(`${WARM_UP_RENDERS} warm-up renders, then ${renders} measured`);
  for (let i = 0; i < WARM_UP_RENDERS; i++) renderProcedural({ prompt: PROMPTS[i % PROMPTS.length], seed: 1000 + i });
  const times = [];
  let bytes = 0;
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const image = renderProcedural({ prompt: PROMPTS[i % PROMPTS.length], seed: i });
    times.push(performance.now() - started);
    bytes += image.png.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return { sorted, mean, p50: percentile(sorted, 0.5), bytes };
}

async function api(baseUrl, path, init) {
  const response = await fetch(`${baseUrl}/api${path}`, { ...init, headers: { 'content-type': 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Starts a job and waits for it to finish; returns its delayTime and the start-job round trip. */
async function oneJob(baseUrl, prompt) {
  const sent = performance.now();
  const { id } = await api(baseUrl, '/start-job', { method: 'POST', body: JSON.stringify({ prompt }) });
  const roundTrip = performance.now() - sent;
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const job = await api(baseUrl, `/job-status/${id}`);
    if (job.status === 'COMPLETED') return { delay: job.delayTime, roundTrip };
    if (job.status !== 'IN_QUEUE' && job.status !== 'IN_PROGRESS') throw new Error(`job ${id} ended ${job.status}: ${job.error}`);
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${JOB_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measureQueue(dispatcher, jobs, log) {
  const entry = builtBackend('main.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-generation-'));
  const redisUrl = dispatcher === 'bullmq' ? process.env.REDIS_URL : '';
  let backend;
  try {
    log(`${dispatcher}: starting the backend on a fresh PGlite data dir`);
    backend = await startBackend({
      entry,
      databaseUrl: '',
      dataDir,
      redisUrl,
      overrides: { GENERATION_RATE_LIMIT_PER_MINUTE: '100000', QUEUE_PREFIX: `atelier-bench-${process.pid}-${Date.now()}` },
    });
    log(`${dispatcher}: ${WARM_UP_JOBS} warm-up jobs, then ${jobs} measured, one at a time`);
    for (let i = 0; i < WARM_UP_JOBS; i++) await oneJob(backend.baseUrl, `${PROMPTS[i % PROMPTS.length]} (warm-up)`);
    const delays = [];
    const roundTrips = [];
    for (let i = 0; i < jobs; i++) {
      const { delay, roundTrip } = await oneJob(backend.baseUrl, PROMPTS[i % PROMPTS.length]);
      delays.push(delay);
      roundTrips.push(roundTrip);
    }
    const byValue = (values) => [...values].sort((a, b) => a - b);
    return { dispatcher, delays: byValue(delays), roundTrips: byValue(roundTrips) };
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Queue overhead for run-all's summary. Reported: the requirements set no target for it (the 50 ms is
 * issue #6's, shown as a note). BullMQ shows as not measured when REDIS_URL is unset.
 */
function recordQueueFigures(queues) {
  for (const dispatcher of ['in-process', 'bullmq']) {
    const queue = queues.find((measured) => measured.dispatcher === dispatcher);
    const note = queue ? `issue #6 asks < ${OVERHEAD_TARGET_MS} ms` : 'set REDIS_URL to measure';
    recordFigure({ measure: `queue overhead, ${dispatcher}: delay p50`, value: queue && percentile(queue.delays, 0.5), unit: 'ms', note, digits: 1 });
    recordFigure({ measure: `queue, ${dispatcher}: start-job round trip p50`, value: queue && percentile(queue.roundTrips, 0.5), unit: 'ms', digits: 1 });
  }
}

async function main({ renders, jobs }) {
  const log = (message) => console.error(`[generation] ${message}`);
  const { sorted, mean, p50, bytes } = measureRenderer(renders, log);
  console.log(
    `Procedural renderer on one core (this thread): ${renders} renders of ${PROMPTS.length} varied prompts after ${WARM_UP_RENDERS} warm-up renders; SVG built and rasterised by resvg, PNG encoded.`,
  );
  console.log('');
  console.log(
    markdownTable(
      ['image', 'renders', 'p50 ms', 'p95 ms', 'mean ms', 'min ms', 'max ms', 'mean PNG KB'],
      [['768x768 PNG', String(renders), ms(p50), ms(percentile(sorted, 0.95)), ms(mean), ms(sorted[0]), ms(sorted.at(-1)), (bytes / renders / 1024).toFixed(0)]],
    ),
  );
  console.log('');
  console.log(`render p50 = ${ms(p50)} ms (target < ${TARGET_MS} ms): ${p50 < TARGET_MS ? 'met' : 'missed'}`);
  recordFigure({ measure: 'procedural 768x768 PNG, p50', value: p50, unit: 'ms', target: TARGET_MS, comparison: '<', digits: 1 });
  console.log('');

  // Measured after the renderer's table is out, so a queue that fails to start does not lose it.
  const queues = [await measureQueue('in-process', jobs, log)];
  if (process.env.REDIS_URL) queues.push(await measureQueue('bullmq', jobs, log));
  else log('REDIS_URL is unset: the BullMQ dispatcher is not measured');

  console.log(
    `Queue overhead: ${jobs} jobs per dispatcher after ${WARM_UP_JOBS} warm-up jobs, one at a time on an idle dispatcher; ` +
      'delay = the job\'s delayTime (row created to IN_PROGRESS, database clock, ms precision); round trip = POST /api/start-job as the client saw it.',
  );
  console.log('');
  console.log(
    markdownTable(
      ['dispatcher', 'jobs', 'delay p50 ms', 'delay p95 ms', 'delay max ms', 'start-job p50 ms', 'target', 'verdict'],
      queues.map(({ dispatcher, delays, roundTrips }) => {
        const delayP50 = percentile(delays, 0.5);
        return [
          dispatcher,
          String(delays.length),
          ms(delayP50),
          ms(percentile(delays, 0.95)),
          ms(delays.at(-1)),
          ms(percentile(roundTrips, 0.5)),
          `< ${OVERHEAD_TARGET_MS} ms`,
          delayP50 < OVERHEAD_TARGET_MS ? 'met' : 'missed',
        ];
      }),
    ),
  );
  if (!process.env.REDIS_URL) console.log('\nbullmq: not measured (set REDIS_URL to a Redis server to measure it)');
  recordQueueFigures(queues);
}

runBench('bench:generation', readOptions, main);
