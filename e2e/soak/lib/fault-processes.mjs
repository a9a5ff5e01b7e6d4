// The built API (and worker) as child processes a fault scenario can kill with SIGKILL: unlike the
// bench's startBackend, the caller keeps the process, so it can crash it and start another on the
// same data, and chooses where its output goes (the load soak scans it afterwards).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../bench/src/lib/processes.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const API_ENTRY = join(repo, 'backend/dist/main.js');
export const WORKER_ENTRY = join(repo, 'backend/dist/worker.js');
const START_TIMEOUT_MS = 120_000; // a first start migrates and seeds

/** One JWT secret and admin token per scenario, so a restarted process still honours issued tokens. */
export function scenarioSecrets() {
  return { JWT_SECRET: randomBytes(36).toString('base64url'), ADMIN_TOKEN: randomBytes(24).toString('base64url') };
}

/** The end of a file the process writes to, for an error message; empty if it cannot be read. */
function tailOf(file) {
  try {
    return readFileSync(file, 'utf8').slice(-20_000);
  } catch {
    return '';
  }
}

function track(child, logFile) {
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = async (name) => {
    if (alive()) child.kill(name);
    return exited;
  };
  return {
    child,
    pid: child.pid,
    exited,
    alive,
    stderr: () => (logFile ? tailOf(logFile) : stderr),
    /** SIGKILL: a crash, no shutdown hook runs. */
    kill: () => signal('SIGKILL'),
    /** SIGTERM, then SIGKILL if it hangs. */
    async stop(timeoutMs = 15_000) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await signal('SIGTERM');
      clearTimeout(timer);
      return result;
    },
  };
}

function environment({ dataDir, databaseUrl = '', redisUrl = '', secrets, env = {} }) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    MEMBER_WRITES_PER_MINUTE: '100000',
    GENERATION_RATE_LIMIT_PER_MINUTE: '100000',
    // The login probe signs in as the guest over and over from 127.0.0.1: each is a sandbox.
    GUEST_SANDBOXES_PER_IP_PER_HOUR: '100000',
    GUEST_SANDBOXES_MAX: '1000000',
    ...secrets,
    ...env,
  };
}

/**
 * `entry`: another build of the API than backend/dist/main.js.
 * `logFile`: stdout and stderr both appended to that file, by the child itself (a pipe through us
 * would stall its synchronous log writes whenever our event loop is busy); else stderr is kept in memory.
 */
function spawnApi(options, port) {
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  try {
    const child = spawn(process.execPath, [options.entry ?? API_ENTRY], {
      cwd: options.dataDir, // the server reads ./.env: the repo's must not apply
      env: { ...environment(options), PORT: String(port) },
      stdio: logFd === undefined ? ['ignore', 'ignore', 'pipe'] : ['ignore', logFd, logFd],
    });
    return { ...track(child, options.logFile), port, url: `http://127.0.0.1:${port}` };
  } finally {
    if (logFd !== undefined) closeSync(logFd);
  }
}

/** Starts dist/main.js and kills it with SIGKILL after `ms`, whatever it was doing (a first start: creating its database). */
export async function crashDuringStart(options, ms) {
  const api = spawnApi(options, await freePort());
  await new Promise((wake) => setTimeout(wake, ms));
  const answered = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then((res) => res.ok, () => false);
  await api.kill();
  return { answered };
}

/** Starts dist/main.js and resolves once /api/health answers 200. */
export async function startApi(options) {
  const api = spawnApi(options, await freePort());
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!api.alive()) throw new Error(`the API exited before answering: ${api.stderr().slice(-2_000)}`);
    const ok = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then((res) => res.ok, () => false);
    if (ok) return api;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  await api.kill();
  throw new Error(`the API did not answer within ${START_TIMEOUT_MS / 1000} s: ${api.stderr().slice(-2_000)}`);
}

/** Starts dist/worker.js (BullMQ consumer); it has no port, so it is ready once it logs nothing fatal for a while. */
export function startWorker(options) {
  const child = spawn(process.execPath, [WORKER_ENTRY], { cwd: options.dataDir, env: environment(options), stdio: ['ignore', 'ignore', 'pipe'] });
  return track(child);
}
