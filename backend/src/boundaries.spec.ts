import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { ESLint } from 'eslint';

// The boundaries in eslint/backend-boundaries.mjs and eslint/package-boundaries.mjs, run through
// ESLint itself on files that break them: removing a rule fails this spec, not just the lint run.
const REPO_ROOT = path.resolve(__dirname, '../..');

let eslint: ESLint;

beforeAll(async () => {
  const { ESLint } = await import('eslint');
  eslint = new ESLint({ cwd: REPO_ROOT });
});

/** The rules a file at `file` (repo-relative; it need not exist) breaks with `code`. */
async function brokenRules(file: string, code: string): Promise<Array<string | null>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.map((message) => message.ruleId);
}

describe('backend boundaries', () => {
  it("keeps a module off another module's repository, and lets it use that module's service", async () => {
    const file = 'backend/src/modules/posts/probe.service.ts';
    expect(await brokenRules(file, "export { UsersRepository } from '../users/users.repository';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await brokenRules(file, "export { UsersService } from '../users/users.service';\n")).toEqual([]);
  });

  it('keeps runtime code off the seeds, and common/ off the modules', async () => {
    expect(await brokenRules('backend/src/modules/users/probe.ts', "export { SEED_POSTS } from '../../db/seed/matrix-network.content';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await brokenRules('backend/src/common/probe.ts', "export { UsersService } from '../modules/users/users.service';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets only repositories touch Drizzle and the tables', async () => {
    // The module's own table: whose table it is is the next test's concern.
    const code = "export { eq } from 'drizzle-orm';\nexport { posts } from '../../db/schema/posts.table';\n";
    expect(await brokenRules('backend/src/modules/posts/probe.service.ts', code)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(await brokenRules('backend/src/modules/posts/probe.repository.ts', code)).toEqual([]);
  });

  it("keeps every module's repositories off other modules' tables, and lets them read through the owner's reads helpers", async () => {
    // Writing another module's table (the guest sandbox once copied posts itself) is refused, naming the owner.
    const writesPosts = "import { posts } from '../../db/schema/posts.table';\nimport type { Database } from '../../db/database';\nexport const copy = (tx: Database) => tx.insert(posts);\n";
    const [result] = await eslint.lintText(writesPosts, { filePath: path.join(REPO_ROOT, 'backend/src/modules/users/probe.repository.ts') });
    expect(result.messages.map((message) => [message.ruleId, message.message])).toEqual([
      ['import-x/no-restricted-paths', expect.stringContaining('This table belongs to the posts module')],
    ]);
    expect(await brokenRules('backend/src/modules/posts/probe.repository.ts', writesPosts)).toEqual([]);
    expect(await brokenRules('backend/src/modules/content/probe.repository.ts', "export { seedRuns } from '../../db/schema/seed-runs.table';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await brokenRules('backend/src/db/seed/probe.seed.ts', "export { posts } from '../schema/posts.table';\n")).toEqual([]);

    const readsPostCounts = "export { postCountOf } from '../posts/posts.reads';\n";
    expect(await brokenRules('backend/src/modules/users/probe.repository.ts', readsPostCounts)).toEqual([]);
    // Reads helpers are SQL: a service of any module, the owner's included, stays off them.
    expect(await brokenRules('backend/src/modules/users/probe.service.ts', readsPostCounts)).toEqual(['no-restricted-imports']);
    // ...and they import nothing but tables, so importing one closes no cycle.
    expect(await brokenRules('backend/src/modules/posts/probe.reads.ts', "export { PostsService } from './posts.service';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('stops the lint run while a table file has no owner or a module folder no layer', async () => {
    const tables = readdirSync(path.join(REPO_ROOT, 'backend/src/db/schema')).filter((name) => name.endsWith('.table.ts'));
    const modules = readdirSync(path.join(REPO_ROOT, 'backend/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // In a Node of its own: Jest's transform would turn the import of an .mjs file into a require.
    const mapProblems = (tableFiles: string[], moduleNames: string[]): string[] => {
      const script = `import { mapProblems } from ${JSON.stringify(path.join(REPO_ROOT, 'eslint/backend-boundaries.mjs'))};
        console.log(JSON.stringify(mapProblems(${JSON.stringify(tableFiles)}, ${JSON.stringify(moduleNames)})));`;
      return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' }));
    };
    expect(mapProblems(tables, modules)).toEqual([]);
    expect(mapProblems([...tables, 'badges.table.ts'], [...modules, 'badges'])).toEqual([
      'backend/src/db/schema/badges.table.ts has no owning module in tableOwners',
      'backend/src/modules/badges is in no layer of moduleLayers',
    ]);
  });

  it('keeps modules in layers: a lower module never imports a higher one, so auth and users import no cycle', async () => {
    expect(await brokenRules('backend/src/modules/users/probe.service.ts', "export { ActiveMembersCache } from '../auth/active-members.cache';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await brokenRules('backend/src/modules/auth/probe.service.ts', "export { MEMBERS_TOPIC } from '../users/members-topic';\n")).toEqual([]);
    // import-x/no-cycle backs the layers up, inside a module too: a file importing one that imports it back is refused.
    expect(await brokenRules('backend/src/modules/users/members-topic.ts', "export { ActiveMembersCache } from '../auth/active-members.cache';\n")).toContain(
      'import-x/no-cycle',
    );
    // Modules of one layer stay apart too.
    expect(await brokenRules('backend/src/modules/auth/probe.service.ts', "export { PostsService } from '../posts/posts.service';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("keeps the other packages off the backend's files, but for the GPU stand-ins their tests start", async () => {
    expect(await brokenRules('cli/src/probe.ts', "export { prng } from '../../backend/src/common/random/prng';\n")).toEqual([
      'package-boundaries/no-restricted-paths',
    ]);
    expect(await brokenRules('cli/test/probe.ts', "export { startA1111StandIn } from '../../backend/test/stand-ins/a1111-stand-in';\n")).toEqual([]);
  });
});
