import * as fs from 'node:fs';
import * as path from 'node:path';

// Linux reports process start times in clock ticks of 1/100 s (USER_HZ) on every mainstream build.
const TICKS_PER_SECOND = 100;
/**
 * A process counts as a newcomer only if it started this long after the lock was written: a wall
 * clock stepped forward (NTP) must never make the live holder look like one. Taking over a live
 * holder's data dir would corrupt it; refusing a start costs the operator one file removal.
 */
const CLOCK_STEP_MARGIN_MS = 60_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When process `pid` started, in ms since the epoch (Linux /proc), or undefined where the OS does not say. */
export function processStartedAt(pid: number): number | undefined {
  try {
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 is the start time; count from after the command name, which may hold spaces.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    if (!Number.isFinite(bootSeconds) || !Number.isFinite(startTicks)) return undefined;
    return bootSeconds * 1000 + (startTicks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote the lock file still runs. Its pid may since belong to another
 * process (after a crash and a reboot, or in a container whose processes get the same small pids
 * each start): the holder started before it wrote the file, a newcomer with its pid after.
 */
function holderIsAlive(pid: number, lockWrittenAt: number): boolean {
  if (!isRunning(pid)) return false;
  const startedAt = processStartedAt(pid);
  return startedAt === undefined || startedAt <= lockWrittenAt + CLOCK_STEP_MARGIN_MS;
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
    const writtenAt = fs.statSync(lockFile).mtimeMs;
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && holderIsAlive(holder, writtenAt)) {
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
