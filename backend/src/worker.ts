import 'reflect-metadata';
import * as fs from 'node:fs';
import { Logger as NestLogger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { coreImports, type AppModuleOptions } from './app.module';
import { GenerationModule } from './modules/generation/generation.module';
import { AppLogger } from './common/logging/app-logger';
import { exitGracefullyOnSignals } from './common/process/graceful-exit';
import { startupFailureMessage, type StartupTargets } from './common/process/startup-failure';
import { ConfigError, loadAppConfig } from './config/app-config';
import { resolveRuntimeSecrets } from './config/runtime-secrets';
import { configureSharp } from './modules/media/sharp-settings';

/** The scale-out worker: same code and database as the API, no HTTP; it runs generation jobs from BullMQ. */
@Module({})
class WorkerModule {
  static register(options: AppModuleOptions): DynamicModule {
    return { module: WorkerModule, imports: [...coreImports(options), GenerationModule.register(options.config, 'worker')] };
  }
}

let targets: StartupTargets | undefined;

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig(process.env, process.cwd(), process.stdout);
  targets = config;
  if (!config.databaseUrl || !config.redisUrl) {
    throw new ConfigError([
      'DATABASE_URL and REDIS_URL are both required by the separate worker process; without them `npm start` runs jobs in-process',
    ]);
  }
  configureSharp();
  const app = await NestFactory.createApplicationContext(
    WorkerModule.register({ config, secrets: resolveRuntimeSecrets(config) }),
    // Start-up lines wait for our logger, and a failed start prints only the error, below.
    { bufferLogs: true, autoFlushLogs: false, abortOnError: false },
  );
  app.useLogger(app.get(AppLogger));
  app.flushLogs();
  exitGracefullyOnSignals(app);
  const { queuePrefix, concurrency } = config.generation;
  new NestLogger('Worker').log({ dataDir: config.dataDir, databaseDriver: 'postgres', queue: queuePrefix, concurrency }, 'Worker ready: running generation jobs from the BullMQ queue');
}

main().catch((error: unknown) => {
  console.error(startupFailureMessage(error, targets));
  process.exit(1);
});
