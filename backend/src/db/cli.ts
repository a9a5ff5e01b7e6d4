// `npm run db:migrate` / `npm run db:seed`: the boot-time database steps, run on their own.
import { loadAppConfig } from '../config/app-config';
import { databaseTargetFor, openDatabase } from './database';
import { runMigrations } from './migrate';
import { runSeeds } from './seed/seeder';
import { SEED_STEPS } from './seed/seed-steps';

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    throw new Error('usage: node dist/db/cli.js migrate|seed');
  }
  const config = loadAppConfig(process.env);
  const handle = await openDatabase(databaseTargetFor(config));
  try {
    await runMigrations(handle);
    console.log(`${handle.driver}: migrations applied`);
    if (command === 'seed') {
      const report = await runSeeds(handle.db, SEED_STEPS);
      console.log(`seed: ran [${report.ran.join(', ')}], already done [${report.skipped.join(', ')}]`);
    }
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
