import * as fs from 'node:fs';
import { CliError } from './cli-error';

/** A JSON object from a file, or from stdin for '-'. */
export function readJsonFile(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError(`${file} is not JSON (${what})`);
  }
}
