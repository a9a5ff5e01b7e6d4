// `npm run db:migrate` / `npm run db:seed`: the boot-time database steps, run on their own.
import { loadAppConfig } from '../config/app-config';
import { prepareDatabase } from './prepare-database';

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    throw new Error('usage: node dist/db/cli.js migrate|seed');
  }
  const handle = await prepareDatabase(loadAppConfig(process.env), { seed: command === 'seed', logger: console });
  await handle.close();
}

main(process.argv[2]).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
