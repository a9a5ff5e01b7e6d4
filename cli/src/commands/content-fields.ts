import * as fs from 'node:fs';
import { CliError, EXIT_USAGE } from '../cli-error';
import { readJsonFile } from '../json-file';

// Fields as the owner gives them: `--set field=value` (a dotted path reaches inside an object:
// `--set pages.home.title="Ada Lab"`), `--file item.json` or `--file -` (what `show --json` printed),
// and what each noun's `--help` says about them.

export type Item = Record<string, unknown>;

/** One field an item takes, for `--help`. */
export interface FieldDoc {
  name: string;
  /** add refuses an item without it. */
  required?: boolean;
  about: string;
}

const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `--set field=value`: the value as JSON when it reads as JSON (numbers, true, lists), else as text. */
export function parseAssignments(assignments: string[]): Array<{ path: string[]; value: unknown }> {
  return assignments.map((assignment) => {
    const at = assignment.indexOf('=');
    const path = assignment.slice(0, at).split('.');
    if (at < 1 || path.some((part) => part === '')) throw new CliError(`--set takes field=value or a.b=value (got ${JSON.stringify(assignment)})`, EXIT_USAGE);
    const raw = assignment.slice(at + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // plain text
    }
    return { path, value };
  });
}

/** `target` with `value` at `path`; objects on the way are copied, and made where missing. */
export function withValueAt(target: Item, [head, ...rest]: string[], value: unknown): Item {
  if (rest.length === 0) return { ...target, [head]: value };
  const inner = target[head];
  if (inner !== undefined && !isObject(inner)) throw new CliError(`--set ${head}.${rest.join('.')}: ${head} is not an object`, EXIT_USAGE);
  return { ...target, [head]: withValueAt(inner ?? {}, rest, value) };
}

/** What --file holds: one JSON object. */
export function fileFields(file: string | undefined): Item {
  if (file === undefined) return {};
  const value = readJsonFile(file, 'expected one object of fields');
  if (!isObject(value)) throw new CliError(`${file} must hold one JSON object of fields`);
  return value;
}

/** The fields given: --file's object, then each --set over it (onto `base`, the item as it is, for dotted paths). */
export function givenFields(options: { file?: string; set: string[] }, base: Item = {}): Item {
  let fields = { ...fileFields(options.file) };
  for (const { path, value } of parseAssignments(options.set)) {
    // A dotted path changes one part of an object field: the rest comes from the item as it is.
    const start = path.length > 1 && fields[path[0]] === undefined && base[path[0]] !== undefined ? { ...fields, [path[0]]: base[path[0]] } : fields;
    fields = withValueAt(start, path, value);
  }
  return fields;
}

/** Whether a --set names a dotted path (the command then needs the item as it is). */
export const reachesInside = (assignments: string[]) => assignments.some((assignment) => assignment.slice(0, assignment.indexOf('=')).includes('.'));

/** `item` without the fields the API answers but does not take (ids, a label that follows its code, rendered HTML). */
export function withoutAnswerOnly(item: Item, answerOnly: readonly string[]): Item {
  let result = item;
  for (const path of answerOnly) result = without(result, path.split('.'));
  return result;
}

function without(item: Item, [head, ...rest]: string[]): Item {
  if (!(head in item)) return item;
  if (rest.length === 0) return Object.fromEntries(Object.entries(item).filter(([field]) => field !== head));
  const inner = item[head];
  // `blocks.[].html`: inside every entry of a list.
  if (Array.isArray(inner) && rest[0] === '[]') {
    return { ...item, [head]: inner.map((entry) => (isObject(entry) ? without(entry, rest.slice(1)) : entry)) };
  }
  return isObject(inner) ? { ...item, [head]: without(inner, rest) } : item;
}

/** The `Fields:` block of a command's --help. */
export function fieldsHelp(fields: readonly FieldDoc[], note?: string): string {
  const width = Math.max(...fields.map((field) => field.name.length)) + 2;
  const lines = fields.map((field) => `  ${`${field.name}${field.required ? '*' : ''}`.padEnd(width)}${field.about}`);
  return `\nFields (* required to add; values are read as JSON when they can be, else as text):\n${lines.join('\n')}\n${note ? `${note}\n` : ''}`;
}

/** A file of the owner's; one that cannot be read is a clear failure before anything is sent. */
export function readLocalFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
}
