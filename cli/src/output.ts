import { SingleBar } from 'cli-progress';
import Table from 'cli-table3';

export type Cell = string | number;

// No colours: the same bytes on a terminal, in a pipe and in a test.
const PLAIN = { head: [], border: [], compact: true };

/** One record as label/value rows (what `status` prints). */
export function renderRecord(rows: Array<[label: string, value: Cell]>): string {
  const table = new Table({ style: PLAIN });
  table.push(...rows);
  return table.toString();
}

/** Rows under a header line (what `list` commands print). */
export function renderTable(head: string[], rows: Cell[][]): string {
  const table = new Table({ head, style: PLAIN });
  table.push(...rows);
  return table.toString();
}

export function renderJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** Every command's output: the data as JSON with `--json`, for scripts; otherwise the human table. */
export function printResult(data: unknown, options: { json?: boolean }, table: () => string): void {
  print(options.json ? renderJson(data) : table());
}

export interface Progress {
  tick(item: string): void;
  stop(): void;
}

/**
 * A progress bar on stderr for long commands (imports, exports); stdout keeps only the result. It
 * draws on a terminal and stays silent in a pipe or a log.
 */
export function progressBar(total: number, label: string): Progress {
  const bar = new SingleBar({
    format: `${label} [{bar}] {value}/{total} {item}`,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: false,
    barsize: 30,
    // In a pipe or a CI log: a plain line now and then instead of a redrawn bar.
    noTTYOutput: true,
    notTTYSchedule: 2000,
  });
  bar.start(total, 0, { item: '' });
  return { tick: (item) => bar.increment(1, { item }), stop: () => bar.stop() };
}
