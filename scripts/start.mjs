#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this
// same process (one process: API, built frontend and the in-process job dispatcher).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
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

/**
 * Builds the stale packages with Nx. Someone at a terminal sees one line per package and the build's
 * own output (hundreds of lines: every file Vite wrote) only if it fails; a pipe or a CI log gets it all.
 * Either way Nx and its tasks get the same pipes and no stdin, so a build runs alike on a terminal and
 * piped (a piped first start had been measured at twice the time of one on a terminal).
 */
function build(names) {
  const quiet = process.stdout.isTTY === true;
  console.log(`Building ${names.join(', ')} ...${quiet ? ' (under a minute the first time)' : ''}`);
  const started = Date.now();
  const nx = spawn(
    process.execPath,
    [join(root, 'node_modules/nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', ...names, '--outputStyle=stream'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' } },
  );
  const output = [];
  createInterface({ input: nx.stderr }).on('line', (line) => (quiet ? output.push(line) : console.error(line)));
  createInterface({ input: nx.stdout }).on('line', (line) => {
    if (!quiet) return console.log(line);
    output.push(line);
    const task = /^> nx run (\S+):build/.exec(line);
    if (task) console.log(`  building ${task[1]}`);
  });
  return new Promise((resolve) =>
    nx.once('close', (code) => {
      if (code === 0) {
        console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s`);
        return resolve();
      }
      if (quiet) console.log(output.join('\n'));
      console.error('npm start: the build failed (see above); nothing was started.');
      process.exit(code ?? 1);
    }),
  );
}

const stale = packages.filter(isStale);
if (stale.length > 0) await build(stale.map((p) => p.name));

createRequire(import.meta.url)(join(root, 'backend/dist/main.js'));
