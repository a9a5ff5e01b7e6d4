import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importResolution } from './import-resolution.mjs';

// The backend's boundaries (docs/decisions/0009-feature-folders-and-boundaries.md): a controller parses input and checks access, a
// service holds the logic, a repository is the only file that touches Drizzle. Modules meet through
// each other's services, never repositories or tables. Seeds import features, never the reverse.
// common/ sits below every module.

const root = path.join(import.meta.dirname, '..');
const src = 'backend/src';

const folderEntries = (relative) => readdirSync(path.join(root, relative), { withFileTypes: true });

// Read at load, so a new module folder is fenced at once (and lint stops until moduleLayers places it).
const modules = folderEntries(`${src}/modules`)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Everything in backend/src but db/ (which runs the seeds at boot and from its CLI), likewise read.
const outsideDb = folderEntries(src)
  .filter((entry) => entry.name !== 'db')
  .map((entry) => `${src}/${entry.name}`);

// Every table's owning module: only its repositories (and db/: migrations, seeds, the schema index)
// import the table. Another module reads it through the owner's `*.reads.ts` helpers (SQL fragments
// and joins for its own statements, so a page stays one round trip) and writes it through the
// owner's service. 'db' marks db/'s own bookkeeping.
const tableOwners = {
  'users.table.ts': 'users',
  'friendships.table.ts': 'users',
  'profile-views.table.ts': 'users',
  'posts.table.ts': 'posts',
  'post-likes.table.ts': 'posts',
  'post-comments.table.ts': 'posts',
  'site-profile.table.ts': 'content',
  'site-settings.table.ts': 'content',
  'career-highlights.table.ts': 'content',
  'projects.table.ts': 'content',
  'gpu-ads.table.ts': 'content',
  'notices.table.ts': 'content',
  'gallery-items.table.ts': 'content',
  'exhibit-items.table.ts': 'content',
  'resource-links.table.ts': 'content',
  'trending-users.table.ts': 'content',
  'generation-jobs.table.ts': 'generation',
  'gpu-workers.table.ts': 'generation',
  'generation-examples.table.ts': 'generation',
  'contact-messages.table.ts': 'messages',
  'seed-runs.table.ts': 'db',
};

// Modules by layer, lowest first: a module imports only modules of lower layers, so no two import
// each other. Another module's `*.reads.ts` is the exception: it imports tables and Drizzle only.
const moduleLayers = [
  ['botfolk', 'health', 'media', 'messages'],
  ['content', 'generation', 'users'],
  ['auth', 'posts'],
  ['demo', 'pages'],
];

/** What the maps above miss or name wrongly, given the table files and module folders there are. */
export function mapProblems(tableFiles, moduleNames) {
  return [
    ...tableFiles.filter((file) => !(file in tableOwners)).map((file) => `${src}/db/schema/${file} has no owning module in tableOwners`),
    ...Object.keys(tableOwners).filter((file) => !tableFiles.includes(file)).map((file) => `tableOwners names ${file}, which is not in ${src}/db/schema`),
    ...Object.entries(tableOwners)
      .filter(([, owner]) => owner !== 'db' && !moduleNames.includes(owner))
      .map(([file, owner]) => `tableOwners gives ${file} to ${owner}, which is no folder of ${src}/modules`),
    ...moduleNames.filter((module) => !moduleLayers.flat().includes(module)).map((module) => `${src}/modules/${module} is in no layer of moduleLayers`),
    ...moduleLayers.flat().filter((module) => !moduleNames.includes(module)).map((module) => `moduleLayers names ${module}, which is no folder of ${src}/modules`),
  ];
}

// A table file or module folder missing above stops every lint run: none goes unowned or unlayered.
const tableFiles = folderEntries(`${src}/db/schema`)
  .map((entry) => entry.name)
  .filter((name) => name.endsWith('.table.ts'));
const problems = mapProblems(tableFiles, modules);
if (problems.length > 0) throw new Error(`eslint/backend-boundaries.mjs: ${problems.join('; ')}.`);

const tablesOf = (owner) =>
  Object.entries(tableOwners)
    .filter(([, tableOwner]) => tableOwner === owner)
    .map(([file]) => `${src}/db/schema/${file}`);
const layerOf = (module) => moduleLayers.findIndex((layer) => layer.includes(module));
// Absolute: import-x matches a glob zone's exceptions against the resolved path as it is.
const readsHelpers = path.join(root, src, 'modules/**/*.reads.ts');

const ownershipZones = modules.flatMap((module) =>
  [...new Set(Object.values(tableOwners))]
    .filter((owner) => owner !== module)
    .map((owner) => ({
      target: `${src}/modules/${module}`,
      from: tablesOf(owner),
      message:
        owner === 'db'
          ? "This table is db/'s own bookkeeping: only db/ uses it."
          : `This table belongs to the ${owner} module (tableOwners in eslint/backend-boundaries.mjs): write it through ${owner}'s service (hand it your transaction when both writes must commit together), and read it in your repository through a helper in modules/${owner}/${owner}.reads.ts.`,
    })),
);

const layerZones = modules
  .map((module) => ({
    target: `${src}/modules/${module}`,
    from: modules.filter((other) => other !== module && layerOf(other) >= layerOf(module)).map((other) => `${src}/modules/${other}/**`),
    except: [readsHelpers],
    message: `${module} imports only modules of lower layers (moduleLayers in eslint/backend-boundaries.mjs), so modules never import each other in a cycle: move what both need into the lower module or common/, or let the lower module define an interface the higher one implements and registers.`,
  }))
  .filter((zone) => zone.from.length > 0);

const zones = [
  ...ownershipZones,
  ...layerZones,
  {
    target: `${src}/modules/**/*.reads.ts`,
    from: `${src}/modules/**`,
    except: [readsHelpers],
    message: "A *.reads.ts helper imports only its module's tables, Drizzle and other reads helpers, so any module's repository may import it without closing a cycle.",
  },

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
    // db/ is the database itself (client, schema, migrations, seeds); a *.reads.ts builds SQL for
    // other modules' repositories; specs build Drizzle's errors.
    ignores: [`${src}/db/**`, `${src}/**/*.repository.ts`, `${src}/**/*.reads.ts`, `${src}/**/*.spec.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: onlyRepositories },
            { regex: '(^|/)db/schema(/|$)', message: `Tables are read and written in repositories. ${onlyRepositories}` },
            { regex: '(^|/)db/database\\.module$', importNames: ['DATABASE'], message: onlyRepositories },
            { regex: '(^|/)db/database$', importNames: ['Database'], message: onlyRepositories },
            { regex: '\\.reads$', message: `A *.reads.ts helper is SQL for a repository's own statements. ${onlyRepositories}` },
          ],
        },
      ],
    },
  },
];
