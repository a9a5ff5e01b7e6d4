// The built backend the benches start or load: there, and not older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Whether anything under `sources` changed after `built` was written (false when there are no sources). */
function olderThanSources(built, sources) {
  return existsSync(sources) && newestMtime(sources) > statSync(built).mtimeMs;
}

/**
 * The packages (backend, frontend) missing their build or built before their sources last
 * changed: `npm start` builds those first.
 */
export function staleBuilds() {
  const builds = [['backend', 'backend/dist/main.js'], ['frontend', 'frontend/dist/index.html']];
  return builds
    .filter(([name, built]) => !existsSync(join(root, built)) || olderThanSources(join(root, built), join(root, name, 'src')))
    .map(([name]) => name);
}

/**
 * The path of a file of the built backend (`relative` to backend/dist), or `explicit` when given.
 * Throws when it is missing; warns when backend/src is newer, since measuring a build older than
 * its sources would report the wrong code.
 */
export function builtBackend(relative, explicit) {
  const file = explicit ?? join(root, 'backend/dist', relative);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the backend first (\`npm run build\` at the repo root).`);
  }
  if (!explicit && olderThanSources(file, join(root, 'backend/src'))) {
    console.error('warning: backend/src is newer than backend/dist; run `npm run build` to measure the current code.');
  }
  return file;
}

/**
 * The built frontend folder (frontend/dist, or `explicit`) with its index.html. Throws when it is
 * missing; warns when frontend/src is newer, as builtBackend does.
 */
export function builtFrontend(explicit) {
  const dist = explicit ?? join(root, 'frontend/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: build the frontend first (\`npm run build\` at the repo root).`);
  }
  if (!explicit && olderThanSources(index, join(root, 'frontend/src'))) {
    console.error('warning: frontend/src is newer than frontend/dist; run `npm run build` to measure the current code.');
  }
  return dist;
}
