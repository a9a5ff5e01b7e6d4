// bench/RESULTS.md: when and on what it was measured, one summary table of every recorded figure
// beside its target, then each bench's own printed tables, so nothing a script printed is lost.
import { markdownTable } from './report.mjs';

const RATIO_NOTE =
  'ratio = measured / target. For a ">=" target a ratio of 1.00 or more meets it; for a "<=" or "<" target ' +
  'a ratio of 1.00 or less does (strictly below 1.00 for "<"); a "<= 0" target (a count that must be zero) has ' +
  'no ratio. Reported figures have no target in docs/requirements/performance.md; "not measured" means the bench could not ' +
  'take that figure (its section says why).';

/** Decimals as the bench asked, else by size; whole numbers stay whole. */
function formatNumber(value, digits) {
  const auto = Number.isInteger(value) ? 0 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const decimals = digits ?? auto;
  return value.toLocaleString('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const withUnit = (text, unit) => (!unit ? text : unit === '%' ? `${text}%` : `${text} ${unit}`);

export function formatDuration(seconds) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes === 0) return `${whole} s`;
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const MEETS = {
  '>=': (value, target) => value >= target,
  '>': (value, target) => value > target,
  '<=': (value, target) => value <= target,
  '<': (value, target) => value < target,
};

export function verdict(figure) {
  if (figure.value === null) return 'not measured';
  if (figure.comparison === 'reported') return 'reported';
  return MEETS[figure.comparison](figure.value, figure.target) ? 'met' : 'missed';
}

function figureRow(bench, figure) {
  const measured = figure.value === null ? '-' : withUnit(formatNumber(figure.value, figure.digits), figure.unit);
  const target =
    figure.comparison === 'reported'
      ? 'reported'
      : `${figure.comparison} ${withUnit(figure.target.toLocaleString('en', { maximumFractionDigits: 2 }), figure.unit)}`;
  const noRatio = figure.comparison === 'reported' || figure.value === null || figure.target === 0;
  const ratio = noRatio ? '-' : (figure.value / figure.target).toFixed(2);
  return [bench, figure.measure, measured, figure.note ? `${target} (${figure.note})` : target, ratio, verdict(figure)];
}

const failed = (run) => run.exitCode !== 0;
const ending = (run) => (run.signal ? `killed by ${run.signal}` : `exit code ${run.exitCode}`);

function summaryTable(runs) {
  const rows = runs.flatMap((run) => [
    ...(failed(run) ? [[run.name, 'the script failed', '-', '-', '-', `failed (${ending(run)})`]] : []),
    ...run.figures.map((figure) => figureRow(run.name, figure)),
  ]);
  const escaped = rows.map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  return markdownTable(['bench', 'figure', 'measured', 'target', 'ratio', 'verdict'], escaped);
}

function benchSection(run) {
  const lines = [
    `## ${run.name}`,
    '',
    `\`${run.command}\`: ${ending(run)} after ${formatDuration(run.seconds)}; 1-minute load average ${run.loadAtStart.toFixed(2)} when it started.`,
    '',
  ];
  if (run.warnings.length > 0) lines.push('Its warnings:', '', ...run.warnings.map((warning) => `- ${warning}`), '');
  if (failed(run)) {
    lines.push('**The script failed.** The end of its stderr:', '', '```text', run.stderrTail || '(nothing)', '```', '');
  }
  lines.push(run.stdout.trim() || '(nothing on stdout)', '');
  return lines.join('\n');
}

/**
 * The whole file. `runs`: per bench its name, command, loadAtStart, exitCode, signal, seconds,
 * stdout, stderrTail, warnings and recorded figures; `facts`: label -> text.
 */
export function renderResults({ startedAt, seconds, command, quick, facts, runs }) {
  const lines = [
    '# Atelier benchmark results',
    '',
    `Written by \`${command}\` (\`npm run bench\` at the repo root), started ${startedAt.toISOString()}, ` +
      `took ${formatDuration(seconds)}. Regenerated on every run: edit the benches, not this file.`,
    '',
  ];
  if (quick) {
    lines.push('> **Quick run** (`--quick`): short loads and small sizes, to check that the benches work. These are not the figures to quote.', '');
  }
  lines.push('## Machine', '', ...Object.entries(facts).map(([label, value]) => `- ${label}: ${value}`), '');
  lines.push('## Summary', '', summaryTable(runs), '', RATIO_NOTE, '');
  for (const run of runs) lines.push(benchSection(run));
  return lines.join('\n');
}
