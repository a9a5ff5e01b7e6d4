import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { backendBoundaries } from './eslint/backend-boundaries.mjs';
import { frontendBoundaries } from './eslint/frontend-boundaries.mjs';
import { packageBoundaries } from './eslint/package-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', 'backend/src/db/migrations/**', 'frontend/src/test/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    // Imports resolve as each workspace's tsconfig resolves them (paths, @atelier/contracts).
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['backend', 'cli', 'contracts', 'e2e', 'frontend'].map((workspace) => `${import.meta.dirname}/${workspace}/tsconfig.json`),
          // One tsconfig per workspace on purpose: each file resolves by the one that includes it.
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from emitted metadata: a type-only import would erase it.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A cycle makes module order matter (a half-initialised import is undefined at load time).
    files: ['frontend/src/**/*.{ts,tsx}', 'cli/{src,test}/**/*.ts', 'contracts/src/**/*.ts', 'backend/{src,test}/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...frontendBoundaries,
  ...backendBoundaries,
  ...packageBoundaries,
);
