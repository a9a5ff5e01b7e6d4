import * as fs from 'node:fs';
import * as path from 'node:path';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;
/** What PostgreSQL's postmaster sets (PG_MODE_MASK_OWNER): new files and folders for the owner alone. */
const OWNER_ONLY_UMASK = 0o077;

/**
 * Keeps the embedded database private, as PostgreSQL keeps its own data directory: it holds members'
 * emails and password hashes (in its tables and its WAL). From here on the process creates
 * everything for its owner alone, whatever umask it was started with (PGlite creates its files
 * 0666, less the umask), and the data dir exists, 0700, before anything is written into it.
 */
export function createPrivateDataDir(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  chmodIfNeeded(dataDir, OWNER_ONLY_DIR);
}

/** Gives every folder under `dataDir` mode 0700 and every file 0600 back (a data dir an earlier version or a copy left open). */
export function repairDataDirModes(dataDir: string): void {
  const pending = [dataDir];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    chmodIfNeeded(dir, OWNER_ONLY_DIR);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const entryPath = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(entryPath);
      else if (entry.isFile()) chmodIfNeeded(entryPath, OWNER_ONLY_FILE);
    }
  }
}

function chmodIfNeeded(target: string, mode: number): void {
  if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
}

/** DATA_DIR or a secret kept in it is open to other local users: the operator's to fix, told in one line. */
export class UnprotectedDataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnprotectedDataDirError';
  }
}

const shellQuoted = (target: string) => (/^[\w./-]+$/.test(target) ? target : `'${target.replaceAll("'", `'\\''`)}'`);

/**
 * Creates DATA_DIR 0700 whatever the umask, and refuses one that other users can write into (they
 * could replace its secrets) or that another user owns. An existing, safe folder keeps its mode.
 */
export function openDataDir(dataDir: string): void {
  if (fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR }) !== undefined) fs.chmodSync(dataDir, OWNER_ONLY_DIR);
  const uid = process.getuid?.();
  if (uid === undefined) return; // Windows: no POSIX modes to trust or check
  const stats = fs.statSync(dataDir);
  // As OpenSSH's safe_path(): a folder owned by us or by root, and writable by its owner alone.
  if (stats.uid !== uid && stats.uid !== 0) {
    throw new UnprotectedDataDirError(
      `UNPROTECTED DATA DIR: ${dataDir} belongs to user ${stats.uid}, not to user ${uid} who runs Atelier. Run \`chown ${uid} ${shellQuoted(dataDir)}\` (or start Atelier as its owner).`,
    );
  }
  if ((stats.mode & 0o022) !== 0) {
    throw new UnprotectedDataDirError(
      `UNPROTECTED DATA DIR: ${dataDir} is writable by other users (mode ${modeOf(stats)}), who could replace its secrets. Run \`chmod 700 ${shellQuoted(dataDir)}\` and start again.`,
    );
  }
}

/**
 * Refuses a secret file (the JWT secret, the admin token) that another user owns or that others can
 * read or write, as OpenSSH refuses an "UNPROTECTED PRIVATE KEY FILE" (sshkey_perm_ok: mode & 077).
 */
export function checkSecretFile(file: string, stats: fs.Stats): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (stats.uid !== uid) {
    throw new UnprotectedDataDirError(
      `UNPROTECTED SECRET FILE: ${file} belongs to user ${stats.uid}, not to user ${uid} who runs Atelier. Run \`chown ${uid} ${shellQuoted(file)}\` and \`chmod 600 ${shellQuoted(file)}\`, then start again.`,
    );
  }
  if ((stats.mode & 0o077) !== 0) {
    throw new UnprotectedDataDirError(
      `UNPROTECTED SECRET FILE: permissions ${modeOf(stats)} for ${file} are too open (other users could read or replace it). Run \`chmod 600 ${shellQuoted(file)}\` and start again.`,
    );
  }
}

const modeOf = (stats: fs.Stats) => `0${(stats.mode & 0o777).toString(8).padStart(3, '0')}`;
