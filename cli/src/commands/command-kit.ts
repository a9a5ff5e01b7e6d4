import { InvalidArgumentError, type Command } from 'commander';
import type { ApiClient } from '../api-client';

// What every group of commands is registered with (see index.ts).

/** The admin API client for the command being run (site and token from flags, env or login). */
export type ClientFor = (command: Command) => ApiClient;

/** An `Examples:` block for a command's --help. */
export type Examples = (...lines: string[]) => string;

/** An option parser for whole numbers from `min` (to `max`): a bad value is a usage error naming the range. */
export function wholeNumber(min: number, max?: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || (max !== undefined && number > max)) {
      throw new InvalidArgumentError(max === undefined ? `must be a whole number of ${min} or more` : `must be a whole number from ${min} to ${max}`);
    }
    return number;
  };
}
