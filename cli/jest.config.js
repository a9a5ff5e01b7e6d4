// Unit specs sit beside the code; integration specs (test/*.int-spec.ts) run the BUILT CLI as a child
// process against a real backend process, so `cli:build` and `@atelier/backend:build` must run first.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: { '^@atelier/contracts$': '<rootDir>/../contracts/src/index.ts' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 120_000, // above the backend's start limit (test/helpers/backend-process.ts)
};
