import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { databaseTargetFor, openDatabase, type DatabaseHandle } from './database';
import { runMigrations } from './migrate';
import { runSeeds } from './seed/seeder';
import { SEED_STEPS } from './seed/seed-steps';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');

/** Opens the configured database, applies pending migrations, then the seed steps not yet run. */
export async function prepareDatabase(config: AppConfig, logger = new Logger('Database')): Promise<DatabaseHandle> {
  const started = Date.now();
  const handle = await openDatabase(databaseTargetFor(config));
  try {
    await runMigrations(handle);
    const seeds = await runSeeds(handle.db, SEED_STEPS);
    logger.log(
      `${handle.driver} ready in ${Date.now() - started} ms` +
        (seeds.ran.length ? `; seeded ${seeds.ran.join(', ')}` : ''),
    );
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  /** `existing` lets tests hand in a fresh database; the app still owns and closes it. */
  static register(existing?: DatabaseHandle): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        existing
          ? { provide: DATABASE_HANDLE, useValue: existing }
          : {
              provide: DATABASE_HANDLE,
              inject: [APP_CONFIG],
              useFactory: (config: AppConfig) => prepareDatabase(config),
            },
        { provide: DATABASE, inject: [DATABASE_HANDLE], useFactory: (handle: DatabaseHandle) => handle.db },
      ],
      exports: [DATABASE_HANDLE, DATABASE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
