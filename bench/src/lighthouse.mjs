#!/usr/bin/env node
// Lighthouse on every public page (docs/requirements/performance.md#pages, issues #7, #22 and #38): the
// built backend serves the built frontend on a fresh PGlite data dir (migrated and seeded, as a first
// `npm start`), and Lighthouse 12 measures each page in Debian's Chromium with its default mobile
// preset (mobile form factor and screen, simulated throttling), its CPU slowdown calibrated to the
// host's benchmark index (lib/cpu-slowdown.mjs), so a figure means the same on a slow or a fast host.
// Targets: performance >= 95, TBT < 200 ms, accessibility 100. Also the initial
// JS: the gzip size of what runs before the app's first render (index.html's entry and the chunks
// it loads to start the app, from Vite's manifest), target <= 200 KB. Prints markdown tables on
// stdout, progress on stderr.
//
//   npm run build                      # at the repo root: backend/dist and frontend/dist
//   npm run bench:lighthouse -w bench -- [--runs 3] [--pages /,/gallery,/dev] [--cold]
//   (every public page by default: lib/public-routes.mjs)
//
//   CHROME_PATH  the browser to drive (default /usr/bin/chromium)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
// chrome-launcher is Lighthouse's own dependency (installed with it), the launcher its CLI uses.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pRetry from 'p-retry';
import { builtBackend, builtFrontend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench, UsageError } from './lib/cli.mjs';
import { calibratedCpuSlowdown, SLOWEST_CALIBRATED_INDEX } from './lib/cpu-slowdown.mjs';
import { recordFigure } from './lib/figures.mjs';
import { startBackend } from './lib/processes.mjs';
import { publicRoutes } from './lib/public-routes.mjs';
import { markdownTable } from './lib/report.mjs';

// docs/requirements/performance.md#pages, since issue #22: on every public route (accessibility was >= 95 before).
const TARGETS = { performance: 95, accessibility: 100 };
const TBT_TARGET_MS = 200;
// Unmeasured loads of the first page whose benchmark indexes set the CPU slowdown for every run.
const CALIBRATION_RUNS = 3;
const INITIAL_JS_TARGET_BYTES = 200 * 1024;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DEFAULT_CHROME = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const USAGE = `Usage: node bench/src/lighthouse.mjs [--runs 1] [--pages /,/gallery,/dev] [--cold]

The CPU slowdown is calibrated first: ${CALIBRATION_RUNS} unmeasured loads of the first page measure the
host's benchmark index, and every run uses the multiplier that stands for Lighthouse's x4 on its
reference host (index 1533) at the median of those.

  --runs   Lighthouse runs per page; the table shows the median of each column
  --pages  page paths, comma-separated (default: every public page, the project and GPU feature
           pages as the content API lists them)
  --cold   skip the warm-up load of each page (by default each page is loaded once, unmeasured,
           so images resized on first request come from the disk cache, as on a running site)

  CHROME_PATH  the Chromium to drive (default ${DEFAULT_CHROME})`;

function readOptions(argv) {
  const values = parseCommandLine(
    argv,
    { runs: { type: 'string', default: '1' }, pages: { type: 'string' }, cold: { type: 'boolean', default: false } },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  const runs = positiveInteger('runs', values.runs, USAGE);
  // Without --pages the list waits for the server: its content names the project pages.
  if (values.pages === undefined) return { runs, pages: undefined, cold: values.cold };
  const pages = [...new Set(values.pages.split(',').map((page) => page.trim()).filter(Boolean))];
  const bad = pages.find((page) => !page.startsWith('/'));
  if (pages.length === 0 || bad !== undefined) throw new UsageError(`--pages takes paths starting with / (got ${JSON.stringify(bad ?? values.pages)})`, USAGE);
  return { runs, pages, cold: values.cold };
}

// ---- initial JS --------------------------------------------------------------------------------

/**
 * The JS the browser runs before the app's first render, from Vite's manifest: index.html's entry
 * chunk and what it imports, and the chunks the entry loads with import() (the app's start, which
 * the entry defers on a server-rendered page) with their imports. Route pages are not in it.
 */
function initialChunks(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'index.html');
  if (!entry) throw new Error('the Vite manifest has no index.html entry: is it the built app?');
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest names ${key} but has no such chunk`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  add(entryKey);
  for (const started of entry.dynamicImports ?? []) add(started);
  return [...files];
}

function initialJs(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: build the frontend (npm run build)`);
  const files = initialChunks(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const sources = files.map((file) => {
    const path = normalize(join(distDir, file));
    if (relative(distDir, path).startsWith(`..${sep}`) || !existsSync(path)) throw new Error(`the manifest names ${file}, which is not in ${distDir}`);
    return readFileSync(path);
  });
  return {
    count: files.length,
    rawBytes: sources.reduce((sum, data) => sum + data.length, 0),
    gzipBytes: sources.reduce((sum, data) => sum + gzipSync(data, { level: 9 }).length, 0),
  };
}

// ---- Lighthouse --------------------------------------------------------------------------------

function chromePath() {
  const path = process.env.CHROME_PATH || DEFAULT_CHROME;
  if (!existsSync(path)) throw new Error(`no browser at ${path}: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH`);
  return path;
}

async function launchChrome(chromePath) {
  try {
    // A copy each time: chrome-launcher may add to the array, and repeated flags change headless mode.
    return await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS], logLevel: 'silent' });
  } catch (error) {
    throw new Error(`could not start ${chromePath}: ${error.message}`);
  }
}

/** The page must be the app's HTML; otherwise Lighthouse would score an error page. */
async function checkServed(url) {
  const response = await fetch(url);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/html')) {
    throw new Error(`GET ${url} answered ${response.status} ${type}: the backend is not serving the built frontend`);
  }
}

/** The browser's own name and version (the user agent has only the major version). */
let browserVersion;

/** A run whose trace Chromium failed to record: the page is not at fault, and the run is taken again. */
class RecordingFailure extends Error {}

/**
 * One Lighthouse run in a browser of its own, as the Lighthouse CLI does: a browser reused across
 * runs sometimes fails to record the next page load (NO_NAVSTART).
 */
async function auditOnce(url, browserPath, { onlyAudits, cpuSlowdownMultiplier }) {
  const chrome = await launchChrome(browserPath);
  let result;
  try {
    browserVersion ??= await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((response) => response.json())
      .then((about) => about.Browser)
      .catch(() => undefined);
    result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: onlyAudits ? undefined : CATEGORIES,
      onlyAudits,
      // Merged into the mobile preset's throttling, as the CLI's --throttling.cpuSlowdownMultiplier is.
      ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
    });
  } finally {
    await chrome.kill(); // the browser this run started, and only it
  }
  const { lhr } = result ?? {};
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    const message = `Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    throw lhr.runtimeError.code === 'NO_NAVSTART' ? new RecordingFailure(message) : new Error(message);
  }
  return lhr;
}

/**
 * A fresh browser still misses a page load's trace now and then (NO_NAVSTART, about one run in
 * twelve on a busy machine): that run is taken again, twice at most, rather than ending the bench.
 */
function audit(url, browserPath, settings = {}) {
  return pRetry(() => auditOnce(url, browserPath, settings), {
    retries: 2,
    shouldRetry: (error) => error instanceof RecordingFailure,
    onFailedAttempt: (error) => {
      if (error instanceof RecordingFailure && error.retriesLeft > 0) console.error(`[lighthouse] ${error.message}; running it again`);
    },
  });
}

function measurement(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? NaN : Math.round(lhr.categories[id].score * 100));
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function medianOf(runs) {
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))])),
    lcp: median(runs.map((run) => run.lcp)),
    tbt: median(runs.map((run) => run.tbt)),
    cls: median(runs.map((run) => run.cls)),
  };
}

// ---- report ------------------------------------------------------------------------------------

const scoreCell = (value) => (Number.isNaN(value) ? 'n/a' : String(Math.round(value)));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const missedTargets = ({ scores, tbt }) => [
  ...Object.keys(TARGETS).filter((id) => !(scores[id] >= TARGETS[id])),
  ...(tbt < TBT_TARGET_MS ? [] : ['TBT']),
];

function verdict(result) {
  const missed = missedTargets(result);
  return missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`;
}

/** The targets of docs/requirements/performance.md#pages for run-all's summary: two scores and TBT per page, then the initial JS. */
function recordLighthouseFigures(results, js) {
  for (const [page, { scores, tbt }] of results) {
    for (const [id, target] of Object.entries(TARGETS)) {
      recordFigure({ measure: `${page} ${id}`, value: scores[id], target, comparison: '>=', digits: 0 });
    }
    recordFigure({ measure: `${page} TBT`, value: tbt, unit: 'ms', target: TBT_TARGET_MS, comparison: '<', digits: 0 });
  }
  recordFigure({ measure: 'initial JS, gzip -9', value: js.gzipBytes / 1024, unit: 'KB', target: INITIAL_JS_TARGET_BYTES / 1024, comparison: '<=', digits: 1 });
}

/**
 * The CPU slowdown for this host: the median benchmark index of a few unmeasured loads (which also
 * warm the first page), turned into the multiplier that stands for Lighthouse's reference x4.
 */
async function calibrate(url, browserPath, log) {
  const benchmarkIndexes = [];
  for (let run = 1; run <= CALIBRATION_RUNS; run++) {
    log(`calibration load ${run}/${CALIBRATION_RUNS} of ${url} (not measured)`);
    const lhr = await audit(url, browserPath, { onlyAudits: ['first-contentful-paint'] });
    benchmarkIndexes.push(lhr.environment?.benchmarkIndex ?? NaN);
  }
  const benchmarkIndex = median(benchmarkIndexes);
  const multiplier = calibratedCpuSlowdown(benchmarkIndex);
  if (multiplier === undefined) {
    throw new Error(
      `the host's benchmark index is ${Math.round(benchmarkIndex)} (calibration loads: ${benchmarkIndexes.map(Math.round).join(', ')}), ` +
        `below the ${SLOWEST_CALIBRATED_INDEX} at which Lighthouse's reference phone can still be emulated: run the bench on a quieter or faster machine`,
    );
  }
  log(`benchmark index ${Math.round(benchmarkIndex)}: CPU slowdown x${multiplier.toFixed(2)}`);
  return { benchmarkIndexes, benchmarkIndex, multiplier };
}

async function main(options) {
  const log = (message) => console.error(`[lighthouse] ${message}`);
  const entry = builtBackend('main.js');
  const distDir = builtFrontend();
  const js = initialJs(distDir);
  const browserPath = chromePath();

  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-lighthouse-'));
  let backend;
  try {
    log('starting the backend with the built frontend on a fresh PGlite data dir (migrations, demo seed)');
    backend = await startBackend({ entry, databaseUrl: '', dataDir, overrides: { FRONTEND_DIST: distDir } });
    options.pages ??= await publicRoutes(backend.baseUrl);
    for (const page of options.pages) await checkServed(`${backend.baseUrl}${page}`);

    const calibration = await calibrate(`${backend.baseUrl}${options.pages[0]}`, browserPath, log);
    if (!options.cold) {
      for (const page of options.pages.slice(1)) {
        log(`warm-up load of ${page} (not measured)`);
        await audit(`${backend.baseUrl}${page}`, browserPath, { onlyAudits: ['first-contentful-paint'] });
      }
    }
    const runs = new Map(options.pages.map((page) => [page, []]));
    let environment;
    // Each run measures the host again: a busy moment shows in that run's index.
    const benchmarkIndexes = [];
    // Pages alternate within each round, so a slow moment of the machine does not land on one page only.
    for (let round = 1; round <= options.runs; round++) {
      for (const page of options.pages) {
        log(`run ${round}/${options.runs}: ${page} (CPU x${calibration.multiplier.toFixed(2)})`);
        const lhr = await audit(`${backend.baseUrl}${page}`, browserPath, { cpuSlowdownMultiplier: calibration.multiplier });
        for (const warning of lhr.runWarnings ?? []) log(`warning on ${page}: ${warning}`);
        environment ??= { version: lhr.lighthouseVersion, settings: lhr.configSettings };
        benchmarkIndexes.push(lhr.environment?.benchmarkIndex ?? NaN);
        runs.get(page).push(measurement(lhr));
      }
    }

    const { settings } = environment;
    const results = options.pages.map((page) => [page, medianOf(runs.get(page))]);
    const index = (values) => `${Math.round(median(values))} (median; lowest ${Math.round(Math.min(...values))}, highest ${Math.round(Math.max(...values))})`;
    console.log(
      `Lighthouse ${environment.version}, ${settings.formFactor} preset (${settings.throttlingMethod} throttling: ` +
        `${settings.throttling.rttMs} ms RTT, ${Math.round(settings.throttling.throughputKbps)} kbit/s), ` +
        `${browserVersion ?? 'Chromium'} (${process.env.CHROME_PATH || DEFAULT_CHROME}). ` +
        `**CPU x${settings.throttling.cpuSlowdownMultiplier.toFixed(2)}**, calibrated: the host's benchmark index was ${index(calibration.benchmarkIndexes)} ` +
        `in ${CALIBRATION_RUNS} calibration loads, where Lighthouse's default x4 stands for its reference host of index 1533 ` +
        `(lib/cpu-slowdown.mjs); ${index(benchmarkIndexes)} during the measured runs. ` +
        `${options.runs === 1 ? 'One run per page' : `Median of ${options.runs} runs per page (each column on its own)`}` +
        `${options.cold ? ', cold server (only the first page was loaded before)' : ', after one unmeasured load of each page'}. ` +
        'The built frontend served by the built backend (one Node process, fresh PGlite data dir with the demo seed).\n',
    );
    const drifted = benchmarkIndexes.filter((value) => Math.abs(value - calibration.benchmarkIndex) > calibration.benchmarkIndex * 0.25).length;
    if (drifted > 0) {
      console.log(
        `**Busy host**: in ${drifted} of ${benchmarkIndexes.length} runs the benchmark index was more than 25% away from the calibration's ${Math.round(calibration.benchmarkIndex)}: ` +
          "the machine's load changed during the bench, and those runs were slowed more or less than the phone they stand for. Measure on a quiet machine.\n",
      );
    }
    console.log(
      markdownTable(
        ['page', 'performance', 'accessibility', 'best-practices', 'SEO', 'LCP', 'TBT', 'CLS', `targets (perf >= ${TARGETS.performance}, TBT < ${TBT_TARGET_MS} ms, a11y ${TARGETS.accessibility})`],
        results.map(([page, result]) => [
          page,
          ...CATEGORIES.map((id) => scoreCell(result.scores[id])),
          Number.isNaN(result.lcp) ? 'n/a' : `${(result.lcp / 1000).toFixed(2)} s`,
          Number.isNaN(result.tbt) ? 'n/a' : `${Math.round(result.tbt)} ms`,
          Number.isNaN(result.cls) ? 'n/a' : result.cls.toFixed(3),
          verdict(result),
        ]),
      ),
    );
    const meeting = results.filter(([, result]) => missedTargets(result).length === 0).length;
    console.log(`\n${meeting} of ${results.length} pages meet every target.\n`);
    console.log(
      markdownTable(
        ['initial JS (entry, app start and their imports)', 'files', 'raw', 'gzip -9', 'target', 'verdict'],
        [['frontend/dist', String(js.count), kb(js.rawBytes), kb(js.gzipBytes), `<= ${kb(INITIAL_JS_TARGET_BYTES)}`, js.gzipBytes <= INITIAL_JS_TARGET_BYTES ? 'met' : 'missed']],
      ),
    );
    recordLighthouseFigures(results, js);
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('bench:lighthouse', readOptions, main);
