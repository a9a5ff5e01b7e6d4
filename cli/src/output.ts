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
