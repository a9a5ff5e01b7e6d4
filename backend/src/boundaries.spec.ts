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
    const code = "export { eq } from 'drizzle-orm';\nexport { users } from '../../db/schema/users.table';\n";
    expect(await brokenRules('backend/src/modules/posts/probe.service.ts', code)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(await brokenRules('backend/src/modules/posts/probe.repository.ts', code)).toEqual([]);
  });

  it("keeps the other packages off the backend's files, but for the GPU stand-ins their tests start", async () => {
    expect(await brokenRules('cli/src/probe.ts', "export { prng } from '../../backend/src/common/random/prng';\n")).toEqual([
      'package-boundaries/no-restricted-paths',
    ]);
    expect(await brokenRules('cli/test/probe.ts', "export { startA1111StandIn } from '../../backend/test/stand-ins/a1111-stand-in';\n")).toEqual([]);
  });
});
