import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAppConfig } from './app-config';
import { UnprotectedDataDirError } from '../db/private-data-dir';
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

  it('creates DATA_DIR 0700 and its secrets 0600 even under umask 000', () => {
    const fresh = path.join(dataDir, 'fresh');
    const umask = process.umask(0);
    try {
      resolveRuntimeSecrets(loadAppConfig({ DATA_DIR: fresh }));
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    for (const file of ['jwt-secret', 'admin-token']) expect(fs.statSync(path.join(fresh, file)).mode & 0o777).toBe(0o600);
  });

  describe('refuses to start, saying how to fix it (as OpenSSH refuses an unprotected key)', () => {
    const config = () => loadAppConfig({ DATA_DIR: dataDir });
    const refusal = () => {
      try {
        resolveRuntimeSecrets(config());
      } catch (error) {
        expect(error).toBeInstanceOf(UnprotectedDataDirError);
        return (error as Error).message;
      }
      throw new Error('started');
    };
    beforeEach(() => resolveRuntimeSecrets(config()));

    it.each(['jwt-secret', 'admin-token'])('on %s that other users can write', (name) => {
      const file = path.join(dataDir, name);
      fs.writeFileSync(file, 'attacker-chosen-secret-0123456789abcdef\n');
      fs.chmodSync(file, 0o666);
      expect(refusal()).toBe(
        `UNPROTECTED SECRET FILE: permissions 0666 for ${file} are too open (other users could read or replace it). Run \`chmod 600 ${file}\` and start again.`,
      );
      fs.chmodSync(file, 0o600);
      expect(() => resolveRuntimeSecrets(config())).not.toThrow();
    });

    // Only root can give a file away; tests run as root in CI's container.
    (process.getuid?.() === 0 ? it : it.skip)('on a secret another user owns', () => {
      const file = path.join(dataDir, 'jwt-secret');
      fs.chownSync(file, 4321, 4321);
      expect(refusal()).toBe(
        `UNPROTECTED SECRET FILE: ${file} belongs to user 4321, not to user 0 who runs Atelier. Run \`chown 0 ${file}\` and \`chmod 600 ${file}\`, then start again.`,
      );
    });

    it('on a DATA_DIR that other users can write into (they could swap the secret)', () => {
      fs.chmodSync(dataDir, 0o777);
      expect(refusal()).toBe(
        `UNPROTECTED DATA DIR: ${dataDir} is writable by other users (mode 0777), who could replace its secrets. Run \`chmod 700 ${dataDir}\` and start again.`,
      );
    });
  });
});
