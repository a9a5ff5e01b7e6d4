import { CommanderError } from 'commander';
import { ApiError, ApiUnreachableError } from './api-client';
import { CliError, describeFailure, errorLine } from './cli-error';

describe('describeFailure', () => {
  it('prints a CliError as one "atelier:" line with its exit code', () => {
    expect(describeFailure(new CliError('--api "x" is not a URL', 2))).toEqual({ line: 'atelier: --api "x" is not a URL', exitCode: 2 });
    expect(describeFailure(new CliError('it broke'))).toEqual({ line: 'atelier: it broke', exitCode: 1 });
  });

  it('names the URL when the API cannot be reached', () => {
    expect(describeFailure(new ApiUnreachableError('http://localhost:3000', 'connection refused'))).toEqual({
      line: 'atelier: cannot reach the Atelier API at http://localhost:3000 (connection refused)',
      exitCode: 1,
    });
  });

  it('shows the API error message, status, code and field errors on one line', () => {
    const error = new ApiError({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      details: [
        { field: 'name', message: 'is required' },
        { field: 'url', message: 'must be a URL' },
      ],
    });
    expect(describeFailure(error)).toEqual({
      line: 'atelier: Invalid body (HTTP 400 VALIDATION_FAILED): name: is required; url: must be a URL',
      exitCode: 1,
    });
  });

  it('points at the token when the API refuses it', () => {
    const error = new ApiError({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid admin token' });
    expect(describeFailure(error).line).toBe(
      'atelier: Invalid admin token (HTTP 401 UNAUTHORIZED); check --token or ATELIER_ADMIN_TOKEN',
    );
  });

  it('leaves commander usage errors to commander, with exit code 2, and help/version at 0', () => {
    expect(describeFailure(new CommanderError(1, 'commander.unknownCommand', "error: unknown command 'x'"))).toEqual({ exitCode: 2 });
    expect(describeFailure(new CommanderError(0, 'commander.version', '0.1.0'))).toEqual({ exitCode: 0 });
  });

  it('reports anything else as an unexpected error, still on one line', () => {
    expect(describeFailure(new Error('boom\n    at somewhere'))).toEqual({ line: 'atelier: unexpected error: boom at somewhere', exitCode: 1 });
  });
});

describe('errorLine', () => {
  it('folds a multi-line reason onto one line', () => {
    expect(errorLine('first\n  second\n')).toBe('atelier: first second');
  });
});
