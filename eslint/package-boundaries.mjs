import path from 'node:path';
import { importResolution } from './import-resolution.mjs';

// The workspace packages meet through @atelier/contracts (imported by its name) and over HTTP,
// never through each other's files. contracts itself imports no other package.
// (These zones replace the Nx tags the package.json files used to carry, which nothing enforced.)

const root = path.join(import.meta.dirname, '..');
const packages = ['backend', 'frontend', 'cli', 'e2e', 'bench', 'contracts'];

// contracts is imported by name, and frontend's tsconfig maps that name onto contracts/src.
const fenced = packages.filter((name) => name !== 'contracts');

// Test tooling other packages' tests borrow, named one by one so nothing else slips through:
// the backend's GPU-server stand-ins (imitating AUTOMATIC1111, ComfyUI and RunPod), started by the
// CLI's and e2e's tests; the bench's process and PostgreSQL helpers, used by e2e's soak; the CLI
// tests' runner of the built `atelier`, used by e2e. The backend imports the frontend's server
// render through the package's `./server` export (its build and the types beside it).
const allowed = {
  backend: { frontend: ['./server.d.ts', './dist-server'] },
  cli: { backend: ['./test/stand-ins'] },
  e2e: {
    backend: ['./test/stand-ins'],
    bench: ['./src/lib/processes.mjs', './src/lib/postgres.mjs'],
    cli: ['./test/helpers/built-cli.ts'],
  },
};

const zones = packages.flatMap((target) =>
  fenced
    .filter((from) => from !== target)
    .map((from) => ({
      target,
      from,
      except: allowed[target]?.[from] ?? [],
      message: 'Packages share code through @atelier/contracts, not through one another\'s files.',
    })),
);

export const packageBoundaries = [
  {
    name: 'atelier/package-boundaries',
    files: packages.map((name) => `${name}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}`),
    ...importResolution,
    // The same plugin under a namespace of its own: flat config gives a rule one set of options per
    // file, so these zones would otherwise replace the frontend's own import-x/no-restricted-paths.
    plugins: { ...importResolution.plugins, 'package-boundaries': importResolution.plugins['import-x'] },
    rules: { 'package-boundaries/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
];
