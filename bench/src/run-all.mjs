#!/usr/bin/env node
// `npm run bench`: runs every bench script in this folder, one after the other, each printing its
// tables live, then writes bench/RESULTS.md: machine facts, one summary of the headline figures
// beside their targets (each script records them through lib/figures.mjs), and every script's tables.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './lib/build.mjs';
import { parseCommandLine, runBench, UsageError } from './lib/cli.mjs';
import { FIGURES_FILE_VARIABLE, readRecords } from './lib/figures.mjs';
import { machineFacts, serviceFacts } from './lib/machine-facts.mjs';
import { formatDuration, renderResults, verdict } from './lib/results-markdown.mjs';
import { runScript } from './lib/run-script.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '../RESULTS.md');
const BENCHES = readdirSync(here)
  .filter((file) => file.endsWith('.mjs') && file !== 'run-all.mjs')
  .map((file) => file.replace(/\.mjs$/, ''))
  .sort();

// Each bench's own options for --quick: enough load to see every figure, a few minutes in all.
const QUICK_ARGS = {
  botfolk: ['--seconds', '1', '--duration', '3'],
  feed: ['--sizes', '1000,10000', '--duration', '3'],
  'feed-memory': ['--posts', '10000', '--rounds', '2', '--duration', '3'],
  generation: ['--renders', '10', '--jobs', '5'],
  lighthouse: ['--runs', '1', '--pages', '/'],
  mixed: ['--duration', '5', '--posts', '100'],
  startup: ['--restarts', '1'],
};

const USAGE = `Usage: node bench/src/run-all.mjs [--quick] [--only feed,botfolk] [--set feed.sizes=1000,1000000]

Runs the benches one after the other, each printing its tables, then writes bench/RESULTS.md
(machine facts, a summary of every figure beside its target, each bench's tables). Exits
non-zero when a bench fails; the others still run. Benches: ${BENCHES.join(', ')}.

  --quick  short loads and small sizes, a few minutes in all, to check that the benches work
           (RESULTS.md says it was a quick run). Each bench gets:
${Object.entries(QUICK_ARGS).map(([name, args]) => `             ${name.padEnd(11)} ${args.join(' ')}`).join('\n')}
  --only   the benches to run, comma-separated (default: all)
  --set    one option of one bench, as bench.option=value, or bench.option for a switch
           (repeatable; e.g. --set feed.duration=20 --set lighthouse.cold). They come after
           --quick's, so they win. A bench's options: npm run bench:<name> -w bench -- --help

  DATABASE_URL  the PostgreSQL server the feed and mixed benches create their databases on (default the local one)
  REDIS_URL     when set, the generation bench measures the BullMQ dispatcher too`;

function readOptions(argv) {
  const values = parseCommandLine(
    argv,
    { quick: { type: 'boolean', default: false }, only: { type: 'string' }, set: { type: 'string', multiple: true, default: [] } },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  const known = (name) => {
    if (!BENCHES.includes(name)) throw new UsageError(`no bench named ${JSON.stringify(name)}`, USAGE);
    return name;
  };
  const only = values.only?.split(',').map((name) => known(name.trim()));
  // One token per option, without spaces: nx and npm pass arguments on without their quotes.
  const extra = {};
  for (const entry of values.set) {
    const match = /^([\w-]+)\.([\w-]+)(=.*)?$/.exec(entry);
    if (!match) throw new UsageError(`--set takes bench.option=value or bench.option (got ${JSON.stringify(entry)})`, USAGE);
    const [, name, option, value = ''] = match;
    (extra[known(name)] ??= []).push(`--${option}${value}`);
  }
  const benches = BENCHES.filter((name) => !only || only.includes(name));
  return { quick: values.quick, benches, argsOf: (name) => [...(values.quick ? QUICK_ARGS[name] ?? [] : []), ...(extra[name] ?? [])] };
}

// Shell-like, so the command lines in RESULTS.md can be pasted back.
const commandLine = (words) => words.map((word) => (/[\s'"]/.test(word) ? `'${word.replaceAll("'", "'\\''")}'` : word)).join(' ');

async function main(options) {
  const argv = process.argv.slice(2);
  const startedAt = new Date();
  const facts = machineFacts();
  const figuresDir = mkdtempSync(join(tmpdir(), 'atelier-bench-figures-'));
  const runs = [];
  try {
    for (const name of options.benches) {
      const script = join(here, `${name}.mjs`);
      const args = options.argsOf(name);
      const command = commandLine(['node', relative(root, script), ...args]);
      console.log(`\n## ${name}\n\n${command}\n`);
      const figuresFile = join(figuresDir, `${name}.jsonl`);
      // The load when it starts tells a quiet machine from a busy one (timings on a busy one are low).
      const loadAtStart = loadavg()[0];
      const run = await runScript(script, args, { ...process.env, [FIGURES_FILE_VARIABLE]: figuresFile });
      runs.push({ name, command, loadAtStart, ...run, ...readRecords(figuresFile) });
    }
  } finally {
    rmSync(figuresDir, { recursive: true, force: true });
  }

  const benchFacts = Object.assign({}, ...runs.map((run) => run.facts));
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const results = renderResults({
    startedAt,
    seconds,
    command: commandLine(['node', relative(root, fileURLToPath(import.meta.url)), ...argv]),
    quick: options.quick,
    facts: { ...facts, ...serviceFacts(process.env, benchFacts) },
    runs,
  });
  writeFileSync(RESULTS_FILE, results);

  const verdicts = runs.flatMap((run) => run.figures.map(verdict));
  const count = (wanted) => verdicts.filter((found) => found === wanted).length;
  const failures = runs.filter((run) => run.exitCode !== 0).map((run) => run.name);
  console.log(
    `\nwrote ${relative(process.cwd(), RESULTS_FILE)} after ${formatDuration(seconds)}: ` +
      `${count('met')} targets met, ${count('missed')} missed, ${count('reported')} figures reported, ${count('not measured')} not measured` +
      (failures.length ? `; failed: ${failures.join(', ')}` : ''),
  );
  if (failures.length) process.exitCode = 1;
}

runBench('bench', readOptions, main);
