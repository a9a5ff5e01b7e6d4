#!/usr/bin/env node
// Bot Folk throughput (docs/requirements/performance.md#generation-and-bot-folk: at least 5,000 individuals per second per core, generate
// + SVG). First the built module's own functions in a tight loop on this one thread, after a
// warm-up; then GET /api/pyface on the built backend (one Node process on a temporary data dir,
// embedded PGlite) loaded with autocannon. Prints a markdown table on stdout, progress on stderr.
//
//   npm run build                       # at the repo root: the bench loads backend/dist
//   npm run bench:botfolk -w bench -- [--seconds 3] [--duration 10] [--connections 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtBackend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { recordFigure } from './lib/figures.mjs';
import { measure, WARM_UP_SECONDS } from './lib/load.mjs';
import { startBackend } from './lib/processes.mjs';
import { markdownTable, ms, perSecond } from './lib/report.mjs';

const TARGET_PER_SECOND = 5_000;
const LOOP_WARM_UP_SECONDS = 1;

const USAGE = `Usage: node bench/src/botfolk.mjs [--seconds 3] [--duration 10] [--connections 10] [--backend dist/main.js]

  --seconds      seconds of each in-process loop (after a ${LOOP_WARM_UP_SECONDS} s warm-up)
  --duration     seconds of HTTP load on GET /api/pyface (after a ${WARM_UP_SECONDS} s warm-up)
  --connections  concurrent keep-alive connections
  --backend      the built server to start (default backend/dist/main.js)`;

function readOptions(argv) {
  const values = parseCommandLine(
    argv,
    {
      seconds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      backend: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  return {
    seconds: positiveInteger('seconds', values.seconds, USAGE),
    durationSeconds: positiveInteger('duration', values.duration, USAGE),
    connections: positiveInteger('connections', values.connections, USAGE),
    backendEntry: values.backend,
  };
}

/**
 * Calls `work(i)` with i = 0, 1, 2, ... as fast as this thread can for `seconds`, and answers the
 * calls per second. The clock is read every 100 calls, so reading it costs nothing measurable.
 */
function rate(work, seconds) {
  let count = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let now = started;
  while (now < deadline) {
    for (let i = 0; i < 100; i++) work(count++);
    now = performance.now();
  }
  return count / ((now - started) / 1000);
}

/** The Bot Folk functions of the built backend, loaded as the server loads them. */
function loadBotFolk() {
  const require = createRequire(import.meta.url);
  const load = (name) => require(builtBackend(`modules/botfolk/${name}.js`));
  const { prng } = require(builtBackend('common/random/prng.js'));
  const { randomGenes } = load('genome');
  const { renderFace } = load('face.svg');
  const { individualFromSeed } = load('individual');
  return { prng, randomGenes, renderFace, individualFromSeed };
}

function measureInProcess(seconds, log) {
  const { prng, randomGenes, renderFace, individualFromSeed } = loadBotFolk();
  let bytes = 0; // used below, so no engine can drop the work as dead code
  const faces = (i) => (bytes += renderFace(randomGenes(prng(`bench-${i}`))).length);
  const whole = (i) => (bytes += individualFromSeed(`bench-${i}`).svgimage.length);

  log(`generate + SVG: ${LOOP_WARM_UP_SECONDS} s warm-up, then ${seconds} s`);
  rate(faces, LOOP_WARM_UP_SECONDS);
  const facesPerSecond = rate(faces, seconds);
  log(`whole individual: ${LOOP_WARM_UP_SECONDS} s warm-up, then ${seconds} s`);
  rate(whole, LOOP_WARM_UP_SECONDS);
  const wholePerSecond = rate(whole, seconds);
  const averageSvg = renderFace(randomGenes(prng('size'))).length;
  if (bytes === 0) throw new Error('the loops drew nothing');
  return { facesPerSecond, wholePerSecond, averageSvg };
}

async function measureApi(options, log) {
  const entry = builtBackend('main.js', options.backendEntry);
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-botfolk-'));
  let backend;
  try {
    log('starting the backend on a fresh data dir (PGlite: migrations, demo seed)');
    backend = await startBackend({ entry, databaseUrl: '', dataDir });
    const probe = await fetch(`${backend.baseUrl}/api/pyface`);
    const body = await probe.json();
    if (probe.status !== 200 || typeof body.svgimage !== 'string') {
      throw new Error(`GET /api/pyface answered ${probe.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    log(`GET /api/pyface: ${WARM_UP_SECONDS} s warm-up, then ${options.durationSeconds} s, ${options.connections} connections`);
    const run = await measure({ url: `${backend.baseUrl}/api/pyface`, durationSeconds: options.durationSeconds, connections: options.connections });
    return { ...run, responseBytes: Buffer.byteLength(JSON.stringify(body)) };
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(options) {
  const log = (message) => console.error(`[botfolk] ${message}`);
  const local = measureInProcess(options.seconds, log);
  const api = await measureApi(options, log);

  const verdict = local.facesPerSecond >= TARGET_PER_SECOND ? 'met' : 'missed';
  const failures = api.non2xx + api.errors + api.timeouts;
  console.log(
    `Bot Folk on one core: in-process loops of ${options.seconds} s after a ${LOOP_WARM_UP_SECONDS} s warm-up (seeds bench-0, bench-1, ...); ` +
      `GET /api/pyface on the built backend (one Node process), ${options.connections} connections, ` +
      `${options.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up. ` +
      `Node ${process.version}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} CPUs.\n`,
  );
  console.log(
    markdownTable(
      ['measure', 'per second', 'target'],
      [
        ['individuals, generate + SVG (genes from a seed, face drawn)', perSecond(local.facesPerSecond), `>= ${perSecond(TARGET_PER_SECOND)}`],
        ['individuals, whole (+ DNA, nurture, culture, base64 data URL)', perSecond(local.wholePerSecond), '-'],
        [`GET /api/pyface requests (p50 ${ms(api.p50)} ms, p99 ${ms(api.p99)} ms)`, perSecond(api.requestsPerSecond), '-'],
      ],
    ),
  );
  console.log('');
  console.log(
    `generate + SVG = ${perSecond(local.facesPerSecond)} individuals/s per core ` +
      `(${(local.facesPerSecond / TARGET_PER_SECOND).toFixed(1)}x the target of >= ${perSecond(TARGET_PER_SECOND)}): ${verdict}`,
  );
  console.log(`SVG ${perSecond(local.averageSvg)} bytes; one /api/pyface answer ${perSecond(api.responseBytes)} bytes of JSON`);
  console.log(`non-2xx / socket errors / timeouts: ${api.non2xx}/${api.errors}/${api.timeouts}`);
  recordFigure({ measure: 'generate + SVG per core', value: local.facesPerSecond, unit: 'individuals/s', target: TARGET_PER_SECOND, comparison: '>=', digits: 0 });
  recordFigure({ measure: 'whole individual per core', value: local.wholePerSecond, unit: 'individuals/s', digits: 0 });
  recordFigure({ measure: 'GET /api/pyface', value: api.requestsPerSecond, unit: 'req/s', digits: 0 });
  if (failures > 0) {
    console.error('error: some responses failed: the request rate above does not measure Bot Folk.');
    process.exitCode = 1;
  }
}

runBench('bench:botfolk', readOptions, main);
