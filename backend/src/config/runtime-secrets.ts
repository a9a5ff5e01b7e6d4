import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSecretFile, openDataDir } from '../db/private-data-dir';
import type { AppConfig } from './app-config';

export interface RuntimeSecrets {
  jwtSecret: string;
  adminToken: string;
  /** Where the admin token came from: the environment, or the file it was generated into. */
  adminTokenSource: 'env' | string;
}

/** Reads a secret kept in DATA_DIR, creating it (mode 0600) on first use. */
function keptSecret(file: string, bytes: number): string {
  const existing = readOwnerOnly(file);
  if (existing) return existing;
  const secret = randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The file's text, checked on the descriptor it is read from (no swap between check and read); undefined when absent. */
function readOwnerOnly(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    checkSecretFile(file, fs.fstatSync(fd));
    return fs.readFileSync(fd, 'utf8').trim();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Secrets the environment did not give are generated once and kept in DATA_DIR, so sessions and the
 * CLI's token survive restarts. Production must set JWT_SECRET itself (checked by loadAppConfig).
 */
export function resolveRuntimeSecrets(config: AppConfig): RuntimeSecrets {
  openDataDir(config.dataDir);
  const adminTokenFile = path.join(config.dataDir, 'admin-token');
  return {
    jwtSecret: config.jwtSecret ?? keptSecret(path.join(config.dataDir, 'jwt-secret'), 48),
    adminToken: config.adminToken ?? keptSecret(adminTokenFile, 32),
    adminTokenSource: config.adminToken ? 'env' : adminTokenFile,
  };
}
