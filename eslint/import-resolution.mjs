import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';

// What the boundary rules need to see where an import lands: the import-x plugin, and imports
// resolved as each workspace's tsconfig resolves them. Flat config accepts a plugin registered in
// several config objects when it is the same object, so each boundary file can carry this.
export const importResolution = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['backend', 'cli', 'contracts', 'e2e', 'frontend'].map((workspace) => `${import.meta.dirname}/../${workspace}/tsconfig.json`),
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
};
