import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireDataDirLock, dataDirLockName, processStartedAt } from './data-dir-lock';

/** Binds the abstract socket named by argv[1] (without its leading NUL) and prints the outcome. */
const BIND_IN_CHILD = `const server = require('node:net').createServer();
server.once('error', (error) => { console.log(error.code); process.exit(0); });
server.listen({ path: '\\0' + process.argv[1], exclusive: true }, () => { console.log('bound'); server.close(); });`;

const onLinux = fs.existsSync('/proc/self/stat') ? it : it.skip;

/** A child process that lives until killed. */
function sleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
}

describe('acquireDataDirLock', () => {
  let dir: string;
  let lockFile: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lock-'));
    lockFile = path.join(dir, 'atelier.pid');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while the process that wrote the lock runs, naming it', async () => {
    const holder = await sleeper();
    children.push(holder);
    fs.writeFileSync(lockFile, String(holder.pid));
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`in use by process ${holder.pid}`);
  });

  it('takes over the lock of a process killed with SIGKILL, and releases it', async () => {
    const holder = await sleeper();
    fs.writeFileSync(lockFile, String(holder.pid));
    holder.kill('SIGKILL');
    await exited(holder);

    const release = await acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  onLinux('takes over a lock whose pid now belongs to a process started after the lock was written', async () => {
    const newcomer = await sleeper();
    children.push(newcomer);
    fs.writeFileSync(lockFile, String(newcomer.pid));
    // As if written an hour before a crash, the pid since reused by an unrelated process.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFile, anHourAgo, anHourAgo);

    const release = await acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });

  onLinux('refuses a second holder even when the pid file was deleted meanwhile', async () => {
    const release = await acquireDataDirLock(dir);
    fs.rmSync(lockFile);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`The database in ${dir} is in use by another process`);
    release();
    (await acquireDataDirLock(dir))(); // free again once released
  });

  onLinux('lets exactly one of two simultaneous starts win', async () => {
    const starts = await Promise.allSettled([acquireDataDirLock(dir), acquireDataDirLock(dir)]);
    expect(starts.map((start) => start.status).sort()).toEqual(['fulfilled', 'rejected']);
    for (const start of starts) if (start.status === 'fulfilled') start.value();
  });

  onLinux('is held by the process, not the file: another process cannot take it until released', async () => {
    /** What another process gets binding the same name, as a second server would. */
    const bindFromAnotherProcess = async () => {
      const child = spawn(process.execPath, ['-e', BIND_IN_CHILD, dataDirLockName(dir).slice(1)], { stdio: ['ignore', 'pipe', 'ignore'] });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await exited(child);
      return output.trim();
    };
    const release = await acquireDataDirLock(dir);
    fs.rmSync(lockFile);
    expect(await bindFromAnotherProcess()).toBe('EADDRINUSE');
    release();
    expect(await bindFromAnotherProcess()).toBe('bound');
  });

  onLinux('reads when a process started, to the second', () => {
    const startedAt = processStartedAt(process.pid)!;
    expect(Math.abs(startedAt - (Date.now() - process.uptime() * 1000))).toBeLessThan(2_000);
  });
});
