#!/usr/bin/env node
// `npm run bench`: runs every bench script in this folder, one after the other, each printing its table.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here).filter((file) => file.endsWith('.mjs') && file !== 'run-all.mjs').sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n## ${script.replace(/\.mjs$/, '')}\n`);
  const run = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
