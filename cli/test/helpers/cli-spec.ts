import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BACKEND_ENTRY, CLI_ENTRY, requireBuilt } from './built-cli';

// Jest set-up shared by the CLI's integration specs (built-cli.ts stays free of Jest: e2e uses it).

/** The CLI and backend builds the integration specs run (call in beforeAll). */
export function requireBuilds(): void {
  requireBuilt(CLI_ENTRY, 'npm run build -w cli');
  requireBuilt(BACKEND_ENTRY, 'npm run build -w contracts && npm run build -w backend');
}

/**
 * A fresh temporary folder for each test of the calling describe, removed after it: the CLI's
 * ATELIER_CONFIG_DIR (its stored login), and room for the files a test writes.
 */
export function tempDirPerTest(prefix: string): () => string {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
