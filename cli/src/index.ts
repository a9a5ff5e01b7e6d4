#!/usr/bin/env node
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command, Option } from 'commander';
import { ApiClient, DEFAULT_API_URL, InvalidApiUrlError } from './api-client';
import { CliError, EXIT_USAGE, reportFailure } from './cli-error';
import { status, type StatusOptions } from './commands/status';

// src/ and dist/ are both one level below cli/package.json.
const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as {
  version: string;
};

interface GlobalOptions {
  api: string;
  token?: string;
}

/**
 * The client an API command uses. A bad --api is checked here, so it is a usage error (exit 2). The
 * admin token goes only to admin routes: a mistyped --api must not hand it to a stranger's server.
 */
function apiClient(command: Command, access: 'public' | 'admin'): ApiClient {
  const { api, token } = command.optsWithGlobals<GlobalOptions>();
  const fromEnv = command.getOptionValueSourceWithGlobals('api') === 'env';
  // An empty variable means unset, as in the backend's configuration.
  const baseUrl = fromEnv && api.trim() === '' ? DEFAULT_API_URL : api;
  if (access === 'admin' && !token) {
    throw new CliError('this command needs the admin token: pass --token or set ATELIER_ADMIN_TOKEN', EXIT_USAGE);
  }
  try {
    return new ApiClient({ baseUrl, token: access === 'admin' ? token : undefined });
  } catch (error) {
    if (!(error instanceof InvalidApiUrlError)) throw error;
    const reason = `${fromEnv ? 'ATELIER_API_URL (used for --api)' : '--api'} ${error.message}`;
    throw new CliError(reason, EXIT_USAGE);
  }
}

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;

const program = new Command('atelier')
  .description('Manage an Atelier site from the terminal')
  .version(version)
  .addOption(
    new Option('--api <url>', 'the Atelier site (or its /api) to talk to').env('ATELIER_API_URL').default(DEFAULT_API_URL),
  )
  .addOption(new Option('--token <token>', 'admin token, needed by admin commands').env('ATELIER_ADMIN_TOKEN'))
  .configureHelp({ showGlobalOptions: true })
  .showHelpAfterError('(add --help for usage)')
  // Commander's own usage errors start like every other failure line.
  .configureOutput({ outputError: (message, write) => write(message.replace(/^error: /, 'atelier: ')) })
  // Throw instead of exiting, so that every failure ends in reportFailure with one exit-code policy.
  .exitOverride()
  .addHelpText(
    'after',
    examples('atelier status', 'atelier --api https://atelier.example.com status --json') +
      '\nExit codes: 0 success, 1 the command failed, 2 invalid usage.\n',
  );

program
  .command('status')
  .description('check that the API answers and its database is up')
  .option('--json', "print the API's health report as JSON")
  .addHelpText(
    'after',
    examples('atelier status', 'atelier status --json', 'ATELIER_API_URL=https://atelier.example.com atelier status'),
  )
  .action((options: StatusOptions, command: Command) => status(apiClient(command, 'public'), options));

program.parseAsync(process.argv).catch(reportFailure);
