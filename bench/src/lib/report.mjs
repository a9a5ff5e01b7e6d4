// The benches' output: markdown tables (columns padded, so they read in a terminal too), and the
// feed bench's report with its two target lines of DESIGN section 10 (printed and recorded for run-all).
import { recordFigure } from './figures.mjs';

export const LATENCY_RATIO_TARGET = 1.5;
export const THROUGHPUT_SHARE_TARGET = 40; // percent of the bare server

/** 1000 -> 1k, 1000000 -> 1M; other sizes in full. */
export function sizeLabel(size) {
  if (size >= 1e6 && size % 1e6 === 0) return `${size / 1e6}M`;
  if (size >= 1e3 && size % 1e3 === 0) return `${size / 1e3}k`;
  return size.toLocaleString('en');
}

export const ms = (value) => value.toFixed(2);
export const perSecond = (value) => Math.round(value).toLocaleString('en');
const share = (row) => (100 * row.api.requestsPerSecond) / row.bare.requestsPerSecond;
const worstShare = (rows) => Math.min(...rows.map(share));
// p50 at the largest size over p50 at the smallest, for one of the runs (API or uncached).
const latencyRatio = (rows, run) => run(rows.at(-1)).p50 / run(rows[0]).p50;
const LATENCY_RUNS = [['p50', (row) => row.api], ['uncached p50', (row) => row.uncached]];

/** A markdown table whose columns are padded, so it reads in a terminal too. `rows` are arrays of strings. */
export function markdownTable(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The lines to print on stdout for the measured sizes (smallest first). */
export function renderReport(rows) {
  const header = [
    'posts',
    'API p50 ms',
    'API p99 ms',
    'API req/s',
    'uncached p50',
    'uncached p99',
    'uncached req/s',
    'bare p50',
    'bare p99',
    'bare req/s',
    'throughput vs bare (%)',
  ];
  const cells = rows.map((row) => [
    sizeLabel(row.size),
    ms(row.api.p50),
    ms(row.api.p99),
    perSecond(row.api.requestsPerSecond),
    ms(row.uncached.p50),
    ms(row.uncached.p99),
    perSecond(row.uncached.requestsPerSecond),
    ms(row.bare.p50),
    ms(row.bare.p99),
    perSecond(row.bare.requestsPerSecond),
    share(row).toFixed(0),
  ]);
  const lines = [markdownTable(header, cells), ''];

  const [smallest, largest] = [rows[0], rows.at(-1)];
  if (rows.length > 1) {
    for (const [label, run] of LATENCY_RUNS) {
      const ratio = latencyRatio(rows, run);
      const verdict = ratio <= LATENCY_RATIO_TARGET ? 'met' : 'missed';
      lines.push(
        `${label} at ${sizeLabel(largest.size)} / at ${sizeLabel(smallest.size)} = ${ratio.toFixed(2)} (target <= ${LATENCY_RATIO_TARGET}): ${verdict}`,
      );
    }
  } else {
    lines.push('p50 ratio: needs at least two sizes');
  }
  const worst = worstShare(rows);
  const verdict = worst >= THROUGHPUT_SHARE_TARGET ? 'met' : 'missed';
  lines.push(`worst throughput vs bare = ${worst.toFixed(0)}% (target >= ${THROUGHPUT_SHARE_TARGET}%): ${verdict}`);

  const failures = rows.map(
    (row) => `${sizeLabel(row.size)}: ${failureCounts(row.api)} (API), ${failureCounts(row.uncached)} (uncached), ${failureCounts(row.bare)} (bare)`,
  );
  lines.push(`non-2xx / socket errors / timeouts: ${failures.join('; ')}`);
  return lines.join('\n');
}

/** The feed's headline figures for run-all's summary: per size, then the two targets. */
export function recordFeedFigures(rows) {
  for (const row of rows) {
    const size = sizeLabel(row.size);
    recordFigure({ measure: `API p50 at ${size} posts`, value: row.api.p50, unit: 'ms', digits: 2 });
    recordFigure({ measure: `API p99 at ${size} posts`, value: row.api.p99, unit: 'ms', digits: 2 });
    recordFigure({ measure: `API req/s at ${size} posts`, value: row.api.requestsPerSecond, unit: 'req/s', digits: 0 });
    recordFigure({ measure: `bare node:http req/s at ${size} posts`, value: row.bare.requestsPerSecond, unit: 'req/s', digits: 0 });
  }
  if (rows.length > 1) {
    const sizes = `${sizeLabel(rows.at(-1).size)} / ${sizeLabel(rows[0].size)}`;
    for (const [label, run] of LATENCY_RUNS) {
      recordFigure({ measure: `${label} ratio ${sizes}`, value: latencyRatio(rows, run), target: LATENCY_RATIO_TARGET, comparison: '<=', digits: 2 });
    }
  }
  recordFigure({ measure: 'worst throughput vs bare', value: worstShare(rows), unit: '%', target: THROUGHPUT_SHARE_TARGET, comparison: '>=', digits: 0 });
}

const failureCounts = (run) => `${run.non2xx}/${run.errors}/${run.timeouts}`;

/** Whether any measured response failed: then the numbers are not the feed's. */
export function hasFailures(rows) {
  return rows.some((row) => [row.api, row.uncached, row.bare].some((run) => run.non2xx + run.errors + run.timeouts > 0));
}
