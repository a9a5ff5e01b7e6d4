import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
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

/** Another live server holds the data dir: the operator's to resolve, so it is told without a stack. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The database in ${dataDir} is in use by ${holder}. Stop it first, or set DATA_DIR to another folder ` +
        '(use DATABASE_URL with PostgreSQL to run several processes).',
    );
    this.name = 'DataDirInUseError';
  }
}

const inUse = (dataDir: string, holder: string) => new DataDirInUseError(dataDir, holder);

/** The live process a pid file names, if any other than this one. */
function livePidFileHolder(lockFile: string): number | undefined {
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    const writtenAt = fs.statSync(lockFile).mtimeMs;
    return Number.isInteger(holder) && holder > 0 && holder !== process.pid && holderIsAlive(holder, writtenAt) ? holder : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/** The abstract socket name (leading NUL) that stands for `dataDir`, whatever path leads to it. */
export function dataDirLockName(dataDir: string): string {
  return `\0atelier-data-dir-${createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex')}`;
}

/**
 * Linux's abstract unix sockets have a name but no file: binding one named after the data dir's real
 * path succeeds for exactly one process at a time, and the kernel releases it when that process
 * ends, however it ends. Nothing on disk can be deleted to fool it. Answers the bound server,
 * 'taken', or 'unsupported' where the platform has no abstract sockets.
 */
async function bindDataDirName(dataDir: string): Promise<net.Server | 'taken' | 'unsupported'> {
  if (process.platform !== 'linux') return 'unsupported';
  const name = dataDirLockName(dataDir);
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve('taken') : reject(error)));
    server.listen({ path: name, exclusive: true }, () => resolve(server.unref()));
  });
}

/**
 * PGlite is single-process: a second server on the same data dir would corrupt it. On Linux the lock
 * is an abstract socket bound while the server lives (two simultaneous starts: exactly one binds;
 * a deleted pid file changes nothing). The pid file beside it names the holder for the message, and
 * is the lock where abstract sockets do not exist: a stale one left by a killed process is taken over.
 * Resolves with the release function.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  const lockFile = path.join(dataDir, 'atelier.pid');
  const bound = await bindDataDirName(dataDir);
  const holder = livePidFileHolder(lockFile);
  if (bound === 'taken') throw inUse(dataDir, holder ? `process ${holder}` : 'another process');
  const server = bound === 'unsupported' ? undefined : bound;
  if (holder !== undefined) {
    server?.close();
    throw inUse(dataDir, `process ${holder}`);
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    server?.close();
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
