import * as fs from 'node:fs';
import * as path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second server on the same data dir would corrupt it. A pid file
 * refuses that with a clear message, while a stale file left by a killed process is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'atelier.pid');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder ` +
          '(use DATABASE_URL with PostgreSQL to run several processes).',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
