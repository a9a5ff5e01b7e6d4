import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { Logger as Pino } from 'pino';
import { createApp } from './app';
import { ROOT_LOGGER } from './common/logging/logging.module';
import { exitGracefullyOnSignals } from './common/process/graceful-exit';
import { startupFailureMessage, type StartupTargets } from './common/process/startup-failure';
import { type AppConfig, loadAppConfig } from './config/app-config';
import { type RuntimeSecrets, resolveRuntimeSecrets } from './config/runtime-secrets';
import { databaseTargetFor } from './db/database';
import { configureSharp } from './modules/media/sharp-settings';

/** The address to open: a wildcard or loopback bind is opened as localhost. */
function siteUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const shellQuoted = (text: string) => (/^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/** Where the site says the address it answers at, for `atelier login` run beside it (cli/src/commands/login.ts reads it). */
const SITE_URL_FILE = 'site-url';

/**
 * What the owner needs once the site answers, as fields of one line: where to open it, the token
 * the CLI signs in with, where the data lives, which database and who runs the jobs.
 */
function readySummary(config: AppConfig, secrets: RuntimeSecrets, url: string) {
  const tokenFile = secrets.adminTokenSource === 'env' ? undefined : secrets.adminTokenSource;
  // The CLI reads the token and this address from the data dir (SITE_URL_FILE): nothing secret on a command line.
  const fromHere = path.relative(process.cwd(), config.dataDir);
  const dataDir = fromHere === 'data' ? '' : ` --data-dir ${shellQuoted(fromHere && !fromHere.startsWith('..') ? fromHere : config.dataDir)}`;
  return {
    url,
    adminTokenFile: tokenFile,
    dataDir: config.dataDir,
    databaseDriver: databaseTargetFor(config).driver,
    jobs: !config.redisUrl ? 'in this process' : config.generation.consumer ? 'BullMQ on Redis, run here too' : 'BullMQ on Redis, run by worker processes',
    cliLogin: tokenFile ? `npx atelier login${dataDir}` : `npx atelier login --api ${url} --token "$ADMIN_TOKEN"`,
  };
}

/**
 * V8 lets the old generation grow to up to 4x what survived its last full collection: under sustained
 * feed load, garbage (and the buffers it holds) kept the API at 325 MB resident; growing by half at
 * most, 235 MB (bench:feed-memory, target 256). V8 reads the factor at every collection, so this works here.
 */
setFlagsFromString('--heap-growing-percent=50');

let targets: StartupTargets | undefined;

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig(process.env, process.cwd(), process.stdout);
  targets = config;
  configureSharp();
  const secrets = resolveRuntimeSecrets(config);
  const app = await createApp({ config, secrets });
  exitGracefullyOnSignals(app);
  await app.listen(config.port, config.host);

  const address = app.getHttpServer().address();
  const url = siteUrl(config.host, typeof address === 'object' && address ? address.port : config.port);
  fs.writeFileSync(path.join(config.dataDir, SITE_URL_FILE), `${url}\n`);
  app.get<Pino>(ROOT_LOGGER).info(readySummary(config, secrets, url), `Atelier is ready at ${url}`);
}

main().catch((error: unknown) => {
  console.error(startupFailureMessage(error, targets));
  process.exit(1);
});
