import 'reflect-metadata';
import * as fs from 'node:fs';
import { Logger as NestLogger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { coreImports, type AppModuleOptions } from './app.module';
import { ConfigError, loadAppConfig } from './config/app-config';
import { resolveRuntimeSecrets } from './config/runtime-secrets';

/** The scale-out worker: same code and database as the API, no HTTP; job processors attach here. */
@Module({})
class WorkerModule {
  static register(options: AppModuleOptions): DynamicModule {
    return { module: WorkerModule, imports: coreImports(options) };
  }
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig(process.env);
  if (!config.databaseUrl || !config.redisUrl) {
    throw new ConfigError([
      'DATABASE_URL and REDIS_URL are both required by the separate worker process; without them `npm start` runs jobs in-process',
    ]);
  }
  const app = await NestFactory.createApplicationContext(
    WorkerModule.register({ config, secrets: resolveRuntimeSecrets(config) }),
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  new NestLogger('Worker').log('Worker ready');
  // Stay up until SIGTERM/SIGINT; Nest's shutdown hooks close the database on the way out.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  process.once('beforeExit', () => clearInterval(keepAlive));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
