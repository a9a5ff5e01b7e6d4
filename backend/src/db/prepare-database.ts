import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { databaseTargetFor, openDatabase, type DatabaseHandle } from './database';
import { runMigrations } from './migrate';
import { runSeeds } from './seed/seeder';
import { SEED_STEPS } from './seed/seed-steps';

/**
 * Opens the configured database and applies pending migrations, then (unless `seed` is false) the
 * seed steps not yet run. Boot and `npm run db:migrate|db:seed` share it.
 */
export async function prepareDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  { seed = true, logger = new Logger('Database') }: { seed?: boolean; logger?: Pick<Logger, 'log'> } = {},
): Promise<DatabaseHandle> {
  const started = Date.now();
  const handle = await openDatabase(databaseTargetFor(config));
  try {
    await runMigrations(handle);
    const seeds = seed ? await runSeeds(handle.db, SEED_STEPS, { dataDir: config.dataDir }) : undefined;
    logger.log(
      `${handle.driver} ready in ${Date.now() - started} ms, migrations applied` +
        (seeds ? `; seed steps run: [${seeds.ran.join(', ')}], already done: [${seeds.skipped.join(', ')}]` : ''),
    );
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
