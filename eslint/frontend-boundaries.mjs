import { readdirSync } from 'node:fs';
import path from 'node:path';

// The frontend's layers, bulletproof-react's way: shared code -> features -> app, one way only.
// Shared: components/, theme/, store/ (the app-wide session, API clients, hooks), config.ts.
// Features: one folder each under features/, none importing another.
// App: app/ (router, layout, providers, store composition) and the entry files, which compose the rest.
// test/ is the test harness (render-app renders the real router), outside the layers like
// bulletproof-react's testing/: specs may use it and the app, production code may not.

const src = path.join(import.meta.dirname, '../frontend/src');
const sharedLayer = ['./components', './theme', './store', './config.ts'];
const appLayer = ['./app', './main.tsx', './entry-server.tsx'];

// Read at load, so a new feature folder is fenced without editing this file.
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const alwaysZones = [
  {
    target: sharedLayer,
    from: './features',
    message: 'Shared code does not import a feature: move what it needs down to components/ or store/.',
  },
  ...features.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components/, store/ or contracts/.',
  })),
];

const productionZones = [
  ...alwaysZones,
  {
    target: [...sharedLayer, './features'],
    from: appLayer,
    message: 'Only app/ composes the app: shared code and features do not import it.',
  },
  {
    target: [...sharedLayer, './features', ...appLayer],
    from: './test',
    message: 'test/ is the test harness: only specs import it.',
  },
];

// Specs and test-only files run their code inside the composed app (the real store, the real router).
const testFiles = ['frontend/src/**/*.spec.{ts,tsx}', 'frontend/src/**/*-test-data.ts', 'frontend/src/test/**'];

const restrictedPaths = (zones) => ['error', { basePath: src, zones }];

export const frontendBoundaries = [
  {
    name: 'atelier/frontend-boundaries',
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(productionZones) },
  },
  {
    name: 'atelier/frontend-boundaries-tests',
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(alwaysZones) },
  },
];
