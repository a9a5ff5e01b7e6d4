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

/**
 * What the owner needs once the site answers, as fields of one line: where to open it, the token
 * the CLI signs in with, where the data lives, which database and who runs the jobs.
 */
function readySummary(config: AppConfig, secrets: RuntimeSecrets, url: string) {
  const tokenFile = secrets.adminTokenSource === 'env' ? undefined : secrets.adminTokenSource;
  const fromHere = tokenFile && path.relative(process.cwd(), tokenFile);
  const shown = fromHere && !fromHere.startsWith('..') ? fromHere : tokenFile;
  const quoted = shown && (/^[\w./-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", `'\\''`)}'`);
  const api = url === 'http://localhost:3000' ? '' : ` --api ${url}`;
  return {
    url,
    adminTokenFile: tokenFile,
    dataDir: config.dataDir,
    databaseDriver: databaseTargetFor(config).driver,
    jobs: !config.redisUrl ? 'in this process' : config.generation.consumer ? 'BullMQ on Redis, run here too' : 'BullMQ on Redis, run by worker processes',
    cliLogin: quoted && `npx atelier login${api} --token "$(cat ${quoted})"`,
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
  app.get<Pino>(ROOT_LOGGER).info(readySummary(config, secrets, url), `Atelier is ready at ${url}`);
}

main().catch((error: unknown) => {
  console.error(startupFailureMessage(error, targets));
  process.exit(1);
});
