#!/usr/bin/env node
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command, Option } from 'commander';
import { ApiClient, DEFAULT_API_URL, InvalidApiUrlError, normaliseApiBase } from './api-client';
import { CliError, EXIT_USAGE, reportFailure } from './cli-error';
import { localSite, login, logout } from './commands/login';
import { status, type StatusOptions } from './commands/status';
import { registerContentCommands } from './commands/content';
import { registerDemoCommands } from './commands/demo';
import { registerExampleCommands } from './commands/examples';
import { registerJobCommands } from './commands/jobs';
import { registerMessageCommands } from './commands/messages';
import { registerSetupCommand } from './commands/setup';
import { registerUserCommands } from './commands/users';
import { registerWorkerCommands } from './commands/workers';
import { readLogin, type StoredLogin } from './config-store';

// src/ and dist/ are both one level below cli/package.json.
const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as {
  version: string;
};

interface GlobalOptions {
  api: string;
  token?: string;
}

/** The login `atelier login` stored, read once per run; a broken file is a clear failure. */
let stored: { login: StoredLogin | undefined } | undefined;
function storedLogin(): StoredLogin | undefined {
  try {
    stored ??= { login: readLogin() };
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  return stored.login;
}

/**
 * The site and token a command uses: --api and --token, else ATELIER_API_URL and
 * ATELIER_ADMIN_TOKEN, else what `atelier login` stored. The stored token goes only to the stored
 * site: a mistyped --api must not hand it to a stranger's server.
 */
function connection(command: Command): { api: string; token?: string; fromEnv: boolean } {
  const { api, token } = command.optsWithGlobals<GlobalOptions>();
  const source = command.getOptionValueSourceWithGlobals('api');
  const fromEnv = source === 'env';
  // An empty variable means unset, as in the backend's configuration.
  const given = source === 'default' || (fromEnv && api.trim() === '') ? undefined : api;
  const stored = given === undefined || token === undefined ? storedLogin() : undefined;
  const site = given ?? stored?.apiUrl ?? DEFAULT_API_URL;
  const storedTokenApplies = stored !== undefined && sameSite(site, stored.apiUrl);
  return { api: site, token: token || (storedTokenApplies ? stored.token : undefined), fromEnv };
}

function sameSite(a: string, b: string): boolean {
  try {
    return normaliseApiBase(a) === normaliseApiBase(b);
  } catch {
    return false;
  }
}

/**
 * The client an API command uses. A bad --api is checked here, so it is a usage error (exit 2). The
 * admin token goes only to admin routes.
 */
function apiClient(command: Command, access: 'public' | 'admin'): ApiClient {
  const { api, token, fromEnv } = connection(command);
  if (access === 'admin' && !token) {
    throw new CliError('this command needs the admin token: run atelier login, pass --token or set ATELIER_ADMIN_TOKEN', EXIT_USAGE);
  }
  try {
    return new ApiClient({ baseUrl: api, token: access === 'admin' ? token : undefined });
  } catch (error) {
    if (!(error instanceof InvalidApiUrlError)) throw error;
    const reason = `${fromEnv ? 'ATELIER_API_URL (used for --api)' : '--api'} ${error.message}`;
    throw new CliError(reason, EXIT_USAGE);
  }
}

/** A client for `login`, which may take its site and token from the data dir rather than the options. */
function newClient(baseUrl: string, token: string | undefined, command: Command): ApiClient {
  if (!token) throw new CliError('this command needs the admin token: run it where the site keeps its data (--data-dir), or pass --token', EXIT_USAGE);
  try {
    return new ApiClient({ baseUrl, token });
  } catch (error) {
    if (!(error instanceof InvalidApiUrlError)) throw error;
    const fromEnv = command.getOptionValueSourceWithGlobals('api') === 'env';
    throw new CliError(`${fromEnv ? 'ATELIER_API_URL (used for --api)' : '--api'} ${error.message}`, EXIT_USAGE);
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
  .description('check that the API answers and its database is up; with the admin token, the job queue, GPU workers and job counts too')
  .option('--json', "print the API's health report as JSON")
  .addHelpText(
    'after',
    examples('atelier status', 'atelier status --json', 'ATELIER_API_URL=https://atelier.example.com atelier status'),
  )
  .action((options: StatusOptions, command: Command) =>
    status(apiClient(command, 'public'), options, connection(command).token ? apiClient(command, 'admin') : undefined),
  );

program
  .command('login')
  .description(
    'check the site and admin token, and keep them for later commands (file mode 0600); run beside the site, it reads both from its data dir',
  )
  .option('--data-dir <dir>', "the site's data dir, where it keeps admin-token and site-url (default: DATA_DIR, else ./data)")
  .addHelpText(
    'after',
    examples(
      'atelier login                      # in the folder the site runs from: its data dir says where and with what',
      'atelier login --data-dir /srv/atelier/data',
      'atelier login --api https://atelier.example.com --token "$(cat admin-token)"',
    ),
  )
  .action(async (options: { dataDir?: string }, command: Command) => {
    const { api, token } = command.optsWithGlobals<GlobalOptions>();
    const apiGiven = command.getOptionValueSourceWithGlobals('api') !== 'default' && api.trim() !== '';
    const local = localSite(options.dataDir ?? (process.env.DATA_DIR || 'data'), { needToken: !token, needUrl: !apiGiven });
    const client = newClient(apiGiven ? api : (local.url ?? DEFAULT_API_URL), token || local.token, command);
    await login(client, (token || local.token) as string, local.tokenFile);
  });

program
  .command('logout')
  .description('forget the stored site and admin token')
  .addHelpText('after', examples('atelier logout'))
  .action(() => logout());

const adminClient = (command: Command) => apiClient(command, 'admin');
registerSetupCommand(program, adminClient, examples);
registerContentCommands(program, adminClient, examples);
registerExampleCommands(program, adminClient, examples);
registerWorkerCommands(program, adminClient, examples);
registerJobCommands(program, adminClient, examples);
registerUserCommands(program, adminClient, examples);
registerMessageCommands(program, adminClient, examples);
registerDemoCommands(program, adminClient, examples);

program.parseAsync(process.argv).catch(reportFailure);
