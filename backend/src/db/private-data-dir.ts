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
