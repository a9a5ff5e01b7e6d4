import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importResolution } from './import-resolution.mjs';

// The backend's boundaries (DESIGN.md section 2): a controller parses input and checks access, a
// service holds the logic, a repository is the only file that touches Drizzle. Modules meet through
// each other's services, never repositories or tables. Seeds import features, never the reverse.
// common/ sits below every module.

const root = path.join(import.meta.dirname, '..');
const src = 'backend/src';

const folderEntries = (relative) => readdirSync(path.join(root, relative), { withFileTypes: true });

// Read at load, so a new module folder is fenced without editing this file.
const modules = folderEntries(`${src}/modules`)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Everything in backend/src but db/ (which runs the seeds at boot and from its CLI), likewise read.
const outsideDb = folderEntries(src)
  .filter((entry) => entry.name !== 'db')
  .map((entry) => `${src}/${entry.name}`);

const zones = [
  ...modules
    .map((module) => ({
      target: `${src}/modules/${module}`,
      from: modules.filter((other) => other !== module).map((other) => `${src}/modules/${other}/**/*.repository.ts`),
      message: "A module asks another module's service, never its repository: add the method to that service (exported from its Nest module).",
    }))
    .filter((zone) => zone.from.length > 0),
  {
    target: outsideDb,
    from: `${src}/db/seed`,
    message: 'Seeds import features, never the reverse: move what the feature needs into its module and let the seed import it.',
  },
  {
    target: `${src}/common`,
    from: `${src}/modules`,
    message: 'common/ sits below every module: move what both need into common/.',
  },
];

const onlyRepositories = 'Only *.repository.ts files (and db/) touch Drizzle: put the query in the module\'s repository.';

export const backendBoundaries = [
  {
    name: 'atelier/backend-boundaries',
    files: [`${src}/**/*.ts`],
    ...importResolution,
    // basePath: zones are repo-relative, and `npm run lint -w backend` runs ESLint inside backend/.
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    name: 'atelier/backend-drizzle-in-repositories',
    files: [`${src}/**/*.ts`],
    // db/ is the database itself (client, schema, migrations, seeds); specs build Drizzle's errors.
    ignores: [`${src}/db/**`, `${src}/**/*.repository.ts`, `${src}/**/*.spec.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: onlyRepositories },
            { regex: '(^|/)db/schema(/|$)', message: `Tables are read and written in repositories. ${onlyRepositories}` },
            { regex: '(^|/)db/database\\.module$', importNames: ['DATABASE'], message: onlyRepositories },
            { regex: '(^|/)db/database$', importNames: ['Database'], message: onlyRepositories },
          ],
        },
      ],
    },
  },
];
