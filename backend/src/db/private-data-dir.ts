import * as fs from 'node:fs';
import * as path from 'node:path';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;
/** What PostgreSQL's postmaster sets (PG_MODE_MASK_OWNER): new files and folders for the owner alone. */
const OWNER_ONLY_UMASK = 0o077;

/**
 * Keeps the embedded database private, as PostgreSQL keeps its own data directory: it holds members'
 * emails and password hashes (in its tables and its WAL). The process creates everything from here
 * on for its owner alone, whatever umask it was started with (PGlite creates its files 0666, less the
 * umask); the data dir is made 0700, and an existing one gets its folders 0700 and files 0600 back.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
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
