import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAppConfig } from './app-config';
import { resolveRuntimeSecrets } from './runtime-secrets';

describe('resolveRuntimeSecrets', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-secrets-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates an admin token and JWT secret once, owner-readable only, and keeps them', () => {
    const config = loadAppConfig({ DATA_DIR: dataDir });
    const first = resolveRuntimeSecrets(config);
    const tokenFile = path.join(dataDir, 'admin-token');

    expect(first.adminTokenSource).toBe(tokenFile);
    expect(first.adminToken.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(resolveRuntimeSecrets(config)).toEqual(first);
  });

  it('prefers the environment and writes nothing for it', () => {
    const config = loadAppConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'a'.repeat(24), JWT_SECRET: 'j'.repeat(32) });
    expect(resolveRuntimeSecrets(config)).toEqual({
      adminToken: 'a'.repeat(24),
      jwtSecret: 'j'.repeat(32),
      adminTokenSource: 'env',
    });
    expect(fs.existsSync(path.join(dataDir, 'admin-token'))).toBe(false);
  });
});
