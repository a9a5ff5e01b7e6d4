// The channel from each bench script to run-all: headline figures (and facts such as the database
// version) as JSON lines appended to the file run-all names in ATELIER_BENCH_FIGURES. A script run
// alone has no such file and records nothing, so it behaves exactly as without run-all.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export const FIGURES_FILE_VARIABLE = 'ATELIER_BENCH_FIGURES';
export const COMPARISONS = ['>=', '>', '<=', '<', 'reported'];

function append(record) {
  const file = process.env[FIGURES_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/**
 * One figure for the summary table. `target` is needed unless `comparison` is 'reported': above 0,
 * or 0 with '<=' for a count that must stay at zero (failed requests). `value` may be NaN or null
 * when the bench could not measure it. `note` is shown beside the target (where it comes from, when
 * not docs/requirements/performance.md); `digits` fixes the decimals shown.
 */
export function recordFigure({ measure, value, unit = '', target, comparison = 'reported', note, digits }) {
  if (!COMPARISONS.includes(comparison)) throw new TypeError(`recordFigure: comparison must be one of ${COMPARISONS.join(' ')} (got ${comparison})`);
  // The summary divides by the target, so only a zero count may have a target of 0 (shown without a ratio).
  const zeroCount = target === 0 && comparison === '<=';
  if (comparison !== 'reported' && !(target > 0 || zeroCount)) {
    throw new TypeError(`recordFigure: ${measure} needs a target above 0, or 0 with "<="`);
  }
  // JSON has no NaN: an unmeasured value travels as null.
  const measured = typeof value === 'number' && Number.isFinite(value) ? value : null;
  append({ kind: 'figure', measure, value: measured, unit, target: comparison === 'reported' ? null : target, comparison, note, digits });
}

/** A fact about the run that only a bench learns (the PostgreSQL server's version, say). */
export function recordFact(name, value) {
  append({ kind: 'fact', name, value: String(value) });
}

/** What a script recorded, in order; nothing when it recorded nothing. */
export function readRecords(file) {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const records = lines.map((line) => JSON.parse(line));
  return {
    figures: records.filter((record) => record.kind === 'figure'),
    facts: Object.fromEntries(records.filter((record) => record.kind === 'fact').map((fact) => [fact.name, fact.value])),
  };
}
