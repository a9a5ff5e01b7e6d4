#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this
// same process (one process: API, built frontend and the in-process job dispatcher).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Each package: the file its build produces, and what that build reads.
const packages = [
  { name: '@atelier/contracts', output: 'contracts/dist/index.js', sources: ['contracts/src'] },
  { name: '@atelier/backend', output: 'backend/dist/main.js', sources: ['backend/src'] },
  {
    name: '@atelier/frontend',
    output: 'frontend/dist/index.html',
    sources: ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts'],
  },
  // Not needed to serve, but `npm run atelier` and `npx atelier` in a second terminal need it built.
  { name: '@atelier/cli', output: 'cli/dist/index.js', sources: ['cli/src', 'cli/tsconfig.build.json'] },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function isStale({ output, sources }) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

const stale = packages.filter(isStale);
if (stale.length > 0) {
  console.log(`Building ${stale.map((p) => p.name).join(', ')} ...`);
  const nx = spawnSync(
    process.execPath,
    [join(root, 'node_modules/nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', ...stale.map((p) => p.name), '--outputStyle=stream'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } },
  );
  if (nx.status !== 0) {
    console.error('npm start: the build failed (see above); nothing was started.');
    process.exit(nx.status ?? 1);
  }
}

createRequire(import.meta.url)(join(root, 'backend/dist/main.js'));
