// The benches' output: markdown tables (columns padded, so they read in a terminal too), and the
// feed bench's report with its targets of docs/requirements/performance.md#feed (printed and recorded for run-all).
import { recordFigure } from './figures.mjs';

export const LATENCY_RATIO_TARGET = 1.5;
// Percent of the bare server's throughput (docs/requirements/performance.md#feed).
export const UNCACHED_SHARE_TARGET = 70;
export const CACHED_SHARE_TARGET = 50;
// A guest's cached first page, in percent of a member's req/s: within 2x (issue #37, item 6).
export const GUEST_SHARE_TARGET = 50;
// The API's resident memory after the feed bench, in MB, per database.
export const RSS_TARGET_MB = { postgres: 256, pglite: 384 };
const DATABASE_LABEL = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** 1000 -> 1k, 1000000 -> 1M; other sizes in full. */
export function sizeLabel(size) {
  if (size >= 1e6 && size % 1e6 === 0) return `${size / 1e6}M`;
  if (size >= 1e3 && size % 1e3 === 0) return `${size / 1e3}k`;
  return size.toLocaleString('en');
}

export const ms = (value) => value.toFixed(2);
export const perSecond = (value) => Math.round(value).toLocaleString('en');

// Each run of a row (`api`, `bare`: { cached, 'cached br', uncached }) and its target share of the
// bare server's throughput; the browser's compressed cached page is reported beside the plain one.
const RUNS = [
  { name: 'cached', target: CACHED_SHARE_TARGET },
  { name: 'cached br' },
  { name: 'uncached', target: UNCACHED_SHARE_TARGET },
];
const TARGETED_RUNS = RUNS.filter((run) => run.target !== undefined);
const share = (row, run) => (100 * row.api[run].requestsPerSecond) / row.bare[run].requestsPerSecond;
const worstShare = (rows, run) => Math.min(...rows.map((row) => share(row, run)));
// p50 at the largest size over p50 at the smallest.
const latencyRatio = (rows, run) => rows.at(-1).api[run].p50 / rows[0].api[run].p50;
const largestRss = (rows) => Math.max(...rows.map((row) => row.apiRssMb));
const guestShare = (row) => (100 * row.api['cached guest'].requestsPerSecond) / row.api.cached.requestsPerSecond;
const worstGuestShare = (rows) => Math.min(...rows.map(guestShare));
const verdictOf = (met) => (met ? 'met' : 'missed');

/** A markdown table whose columns are padded, so it reads in a terminal too. `rows` are arrays of strings. */
export function markdownTable(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The lines to print on stdout for one database's measured sizes (smallest first). */
export function renderReport(kind, rows) {
  const header = ['posts', 'run', 'API p50 ms', 'API p99 ms', 'API req/s', 'bare p50 ms', 'bare p99 ms', 'bare req/s', 'API vs bare (%)', 'API RSS MB'];
  const cells = rows.flatMap((row) =>
    RUNS.map(({ name }) => [
      sizeLabel(row.size),
      name,
      ms(row.api[name].p50),
      ms(row.api[name].p99),
      perSecond(row.api[name].requestsPerSecond),
      ms(row.bare[name].p50),
      ms(row.bare[name].p99),
      perSecond(row.bare[name].requestsPerSecond),
      share(row, name).toFixed(0),
      name === 'uncached' ? row.apiRssMb.toFixed(0) : '',
    ]),
  );
  const lines = [markdownTable(header, cells), ''];

  const [smallest, largest] = [rows[0], rows.at(-1)];
  for (const { name, target } of TARGETED_RUNS) {
    if (rows.length > 1) {
      const ratio = latencyRatio(rows, name);
      lines.push(
        `${name} p50 at ${sizeLabel(largest.size)} / at ${sizeLabel(smallest.size)} = ${ratio.toFixed(2)} (target <= ${LATENCY_RATIO_TARGET}): ${verdictOf(ratio <= LATENCY_RATIO_TARGET)}`,
      );
    }
    const worst = worstShare(rows, name);
    lines.push(`worst ${name} throughput vs bare = ${worst.toFixed(0)}% (target >= ${target}%): ${verdictOf(worst >= target)}`);
  }
  if (rows.length < 2) lines.push('p50 ratio: needs at least two sizes');
  for (const row of rows) {
    const guest = row.api['cached guest'];
    lines.push(
      `${sizeLabel(row.size)} cached guest: p50 ${ms(guest.p50)} ms, p99 ${ms(guest.p99)} ms, ${perSecond(guest.requestsPerSecond)} req/s = ` +
        `${guestShare(row).toFixed(0)}% of a member's cached (target >= ${GUEST_SHARE_TARGET}%): ${verdictOf(guestShare(row) >= GUEST_SHARE_TARGET)}; ` +
        `non-2xx / socket errors / timeouts ${failureCounts(guest)}`,
    );
  }
  const rss = largestRss(rows);
  lines.push(`largest API RSS after a size's runs = ${rss.toFixed(0)} MB (target <= ${RSS_TARGET_MB[kind]} MB): ${verdictOf(rss <= RSS_TARGET_MB[kind])}`);

  const failures = rows.flatMap((row) =>
    RUNS.map(({ name }) => `${sizeLabel(row.size)} ${name}: ${failureCounts(row.api[name])} (API), ${failureCounts(row.bare[name])} (bare)`),
  );
  lines.push(`non-2xx / socket errors / timeouts: ${failures.join('; ')}`);
  return lines.join('\n');
}

/** One database's headline figures for run-all's summary: per size, then the targets. */
export function recordFeedFigures(kind, rows) {
  const on = DATABASE_LABEL[kind];
  for (const row of rows) {
    const size = sizeLabel(row.size);
    for (const { name } of TARGETED_RUNS) {
      recordFigure({ measure: `${on}: ${name} p50 at ${size} posts`, value: row.api[name].p50, unit: 'ms', digits: 2 });
      recordFigure({ measure: `${on}: ${name} req/s at ${size} posts (bare ${perSecond(row.bare[name].requestsPerSecond)})`, value: row.api[name].requestsPerSecond, unit: 'req/s', digits: 0 });
    }
  }
  for (const { name, target } of TARGETED_RUNS) {
    if (rows.length > 1) {
      const sizes = `${sizeLabel(rows.at(-1).size)} / ${sizeLabel(rows[0].size)}`;
      recordFigure({ measure: `${on}: ${name} p50 ratio ${sizes}`, value: latencyRatio(rows, name), target: LATENCY_RATIO_TARGET, comparison: '<=', digits: 2 });
    }
    recordFigure({ measure: `${on}: worst ${name} throughput vs bare`, value: worstShare(rows, name), unit: '%', target, comparison: '>=', digits: 0 });
  }
  for (const { name } of RUNS.filter((run) => run.target === undefined)) {
    recordFigure({ measure: `${on}: worst ${name} throughput vs bare`, value: worstShare(rows, name), unit: '%', digits: 0 });
  }
  const guestTarget = { target: GUEST_SHARE_TARGET, comparison: '>=', digits: 0 };
  recordFigure({ measure: `${on}: worst cached guest throughput vs a member's`, value: worstGuestShare(rows), unit: '%', ...guestTarget });
  recordFigure({ measure: `${on}: API RSS after the feed bench`, value: largestRss(rows), unit: 'MB', target: RSS_TARGET_MB[kind], comparison: '<=', digits: 0 });
}

const failureCounts = (run) => `${run.non2xx}/${run.errors}/${run.timeouts}`;
const failureCount = (run) => run.non2xx + run.errors + run.timeouts;

/** Whether any measured response failed: then the numbers are not the feed's. */
export function hasFailures(rows) {
  const guestFailed = (row) => failureCount(row.api['cached guest']) > 0;
  return rows.some((row) => guestFailed(row) || [row.api, row.bare].some((server) => RUNS.some(({ name }) => failureCount(server[name]) > 0)));
}
