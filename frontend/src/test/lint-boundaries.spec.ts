import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// `npm run lint` must fail on a cross-feature import, an upward import and an import cycle: this runs
// the repository's own ESLint config (eslint/frontend-boundaries.mjs) on code that breaks each rule.

const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'frontend/src');
let eslint: ESLint;

beforeAll(() => {
  // ignore: false reaches the cycle fixtures, which the normal run skips.
  eslint = new ESLint({ cwd: root, ignore: false });
});

/** Lints `code` as if it were the file at `file` (under frontend/src); the rule ids reported. */
async function ruleIdsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.map((message) => message.ruleId);
}

describe('frontend boundaries', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const code = "import { HomePage } from '../home/home-page';\n\nexport const page = HomePage;\n";
    expect(await ruleIdsOf('features/gallery/cross-feature.tsx', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses shared code importing a feature, and a feature importing the app', async () => {
    const shared = "import { selectFeed } from '../features/network/network-selectors';\n\nexport const select = selectFeed;\n";
    expect(await ruleIdsOf('components/upward.ts', shared)).toEqual(['import-x/no-restricted-paths']);
    const feature = "import { appRoutes } from '../../app/router';\n\nexport const routes = appRoutes;\n";
    expect(await ruleIdsOf('features/gallery/upward.ts', feature)).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature import its own files and shared code', async () => {
    const code = [
      "import { GalleryGrid } from './gallery-grid';",
      "import { PageFrame } from '../../components/page-frame';",
      "import { selectUser } from '../../store/session-selectors';",
      '',
      'export const parts = [GalleryGrid, PageFrame, selectUser];',
      '',
    ].join('\n');
    expect(await ruleIdsOf('features/gallery/allowed.tsx', code)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles([path.join(src, 'test/lint-fixtures')]);
    const found = results.map((result) => [path.basename(result.filePath), result.messages.map((message) => message.ruleId)]);
    expect(found).toEqual([
      ['cycle-a.ts', ['import-x/no-cycle']],
      ['cycle-b.ts', ['import-x/no-cycle']],
    ]);
  });
});
