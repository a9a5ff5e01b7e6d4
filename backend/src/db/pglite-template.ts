// The last step of `npm run build -w backend`: writes PGLITE_TEMPLATE_DIR, an embedded database
// with every migration applied and nothing else, which a first start copies instead of running
// initdb (database.ts says what that saves).
import * as fs from 'node:fs';
import { openDatabase, PGLITE_TEMPLATE_DIR } from './database';
import { runMigrations } from './migrate';

async function main(): Promise<void> {
  const started = Date.now();
  // The old template goes first, or the new one would start as its copy (from another PGlite, maybe).
  // The new one is built aside and moved in whole: a build cut short leaves none, and first starts run initdb.
  fs.rmSync(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
  const partial = `${PGLITE_TEMPLATE_DIR}.${process.pid}.partial`;
  const handle = await openDatabase({ driver: 'pglite', dataDir: partial });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  fs.renameSync(partial, PGLITE_TEMPLATE_DIR);
  console.log(`PGlite template: ${PGLITE_TEMPLATE_DIR} in ${Date.now() - started} ms`);
}

main().catch((error: Error) => {
  console.error(`Could not write the PGlite template: ${error.message}`);
  process.exit(1);
});
