const os = require('node:os');

// Unit specs sit beside the code; integration specs (test/*.int-spec.ts) boot the real app on a fresh
// database. They run on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only dependencies Node loads with require() but Jest's module loader (before Node 24.9) cannot.
const ESM_ONLY = ['content-disposition'];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: {
    '^@atelier/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@atelier/contracts/schemas$': '<rootDir>/../contracts/src/schemas.ts',
  },
};

const integration = (driver) => ({
  ...shared,
  displayName: `integration:${driver}`,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  setupFiles: [`<rootDir>/test/setup/driver-${driver}.ts`],
});

module.exports = {
  // Jest's default is one worker per core but one. On a 2-core machine that is a single worker, and
  // the suites left one core idle a third of the time (waiting on PostgreSQL, child servers, timers):
  // 883 s for the Node 20 pass in CI. Two workers keep both cores busy.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // PGlite on disk runs initdb; with the CLI and frontend suites on the same two cores of a slow host
  // that alone took over 30 s in CI.
  testTimeout: 90_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    integration('pglite'),
    ...(process.env.DATABASE_URL ? [integration('postgres')] : []),
  ],
};
