#!/usr/bin/env node
// `npm run test:soak`: the long runs that `npm test` leaves out. First the load without loss
// (load.mjs), then the storms (storms.mjs), then the faults (faults.mjs); prints their reports,
// writes them to e2e/soak/RESULTS.md with the date and machine, and exits 1 if any check failed.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runFaults } from './faults.mjs';
import { runLoad } from './load.mjs';
import { runStorms } from './storms.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, 'RESULTS.md');

const USAGE = `Usage: npm run test:soak [-- --quick] [-- --only load,storms,faults]

  --quick  a short run to check that the soak works (15 s of load by 50 readers and 5 writers,
           5 s storm windows, one kill round, 5 s outages); RESULTS.md says it was one
  --only   any of load, storms and faults (default: all three)

The backend must be built (npm run build; the Nx target builds it first). DATABASE_URL names a
PostgreSQL server whose role may create databases, REDIS_URL a Redis (load setup B); the fault
runs start throw-away PostgreSQL and Redis servers of their own.`;

function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', default: 'load,storms,faults' },
      help: { type: 'boolean', default: false },
    },
  });
  const only = values.only.split(',').map((part) => part.trim());
  const unknown = only.filter((part) => !['load', 'storms', 'faults'].includes(part));
  if (unknown.length) throw new Error(`--only takes load, storms and/or faults (got ${unknown.join(', ')})\n\n${USAGE}`);
  return { help: values.help, quick: values.quick, only };
}

function machineLines() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return [
    `- CPU: ${cpus()[0]?.model.trim() ?? 'unknown'}, ${availableParallelism()} cores available; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}; commit ${commit}; load average at start ${loadavg().map((value) => value.toFixed(2)).join(', ')}`,
  ];
}

async function main() {
  let options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const started = new Date();
  const sections = [];
  let ok = true;
  const log = (line) => console.error(line);

  if (options.only.includes('load')) {
    const load = await runLoad(options.quick ? { seconds: 15, readers: 50, writers: 5, log } : { log });
    ok &&= load.ok;
    sections.push('## Load without loss', '', ...load.lines);
  }
  if (options.only.includes('storms')) {
    const storms = await runStorms(options.quick ? { seconds: 5, log } : { log });
    ok &&= storms.ok;
    sections.push('## Storms', '', ...storms.lines);
  }
  if (options.only.includes('faults')) {
    const faults = await runFaults(options.quick ? { rounds: 1, outageSeconds: 5, log } : { log });
    ok &&= faults.summary.problems.length === 0;
    sections.push(...faults.markdown); // it has its own "## Faults" heading
  }

  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
  const report = [
    '# Atelier soak results',
    '',
    `Written by \`npm run test:soak${options.quick ? ' -- --quick' : ''}\`, started ${started.toISOString()}, took ${minutes} min: **${ok ? 'PASS' : 'FAIL'}**. Regenerated on every run.`,
    ...(options.quick ? ['', '> **Quick run**: short loads, to check that the soak works. Not the figures to quote.'] : []),
    '',
    ...machineLines(),
    '',
    ...sections,
  ].join('\n');
  console.log(report);
  writeFileSync(RESULTS_FILE, `${report}\n`);
  console.error(`\nsoak: ${ok ? 'PASS' : 'FAIL'}; report written to ${RESULTS_FILE}`);
  process.exitCode = ok ? 0 : 1;
}

await main();
