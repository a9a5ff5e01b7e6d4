#!/usr/bin/env node
// Procedural renderer speed (DESIGN section 10: a 768x768 PNG in under 150 ms on one core). Loads
// the built renderer, warms up, then renders varied prompts one after another on this thread and
// prints p50 / p95 / mean as a markdown table on stdout, progress on stderr.
//
//   npm run build                       # at the repo root: the bench loads backend/dist
//   npm run bench:generation -w bench -- [--renders 40]
import { createRequire } from 'node:module';
import { builtBackend } from './lib/build.mjs';
import { parseCommandLine, positiveInteger, runBench } from './lib/cli.mjs';
import { percentile } from './lib/load.mjs';
import { markdownTable, ms } from './lib/report.mjs';

const TARGET_MS = 150;
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

const USAGE = `Usage: node bench/src/generation.mjs [--renders 40]

  --renders  measured renders (after ${WARM_UP_RENDERS} warm-up renders)`;

function readOptions(argv) {
  const values = parseCommandLine(argv, { renders: { type: 'string', default: '40' } }, USAGE);
  return values.help ? { help: USAGE } : { renders: positiveInteger('renders', values.renders, USAGE) };
}

function main() {
  const { renders, help } = readOptions(process.argv.slice(2));
  if (help) {
    console.log(help);
    return;
  }
  const log = (message) => console.error(`[generation] ${message}`);
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
  const p50 = percentile(sorted, 0.5);

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
  console.log('queue overhead: measured once the job queue exists');
}

runBench('bench:generation', main);
