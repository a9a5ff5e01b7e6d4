import { CommanderError } from 'commander';
import { ApiError, ApiUnreachableError } from './api-client';

export const EXIT_FAILURE = 1;
/** Bad usage: an unknown command or option, an invalid option value. */
export const EXIT_USAGE = 2;

/** A failure the user can act on; its message is the reason printed after `atelier: `. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface Failure {
  /** What goes to stderr; absent when commander has already printed its own message. */
  line?: string;
  exitCode: number;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof CommanderError) {
    // Help and --version end this way too, with exit code 0.
    return { exitCode: error.exitCode === 0 ? 0 : EXIT_USAGE };
  }
  if (error instanceof CliError) return { line: errorLine(error.message), exitCode: error.exitCode };
  if (error instanceof ApiUnreachableError) return { line: errorLine(error.message), exitCode: EXIT_FAILURE };
  if (error instanceof ApiError) return { line: errorLine(formatApiError(error)), exitCode: EXIT_FAILURE };
  const message = error instanceof Error ? error.message : String(error);
  return { line: errorLine(`unexpected error: ${message}`), exitCode: EXIT_FAILURE };
}

/** The one place that tells the user why a command failed and sets the exit code. */
export function reportFailure(error: unknown): void {
  const { line, exitCode } = describeFailure(error);
  if (line) process.stderr.write(`${line}\n`);
  process.exitCode = exitCode;
}

export function errorLine(reason: string): string {
  return `atelier: ${reason.replace(/\s*\n\s*/g, ' ').trim()}`;
}

export function formatApiError(error: ApiError): string {
  let text = `${error.message} (HTTP ${error.statusCode} ${error.code})`;
  if (error.details?.length) {
    text += `: ${error.details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')}`;
  }
  if (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN') {
    text += '; check --token or ATELIER_ADMIN_TOKEN';
  }
  return text;
}
