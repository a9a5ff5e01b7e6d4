// The two servers the feed bench loads, each in its own Node process so neither shares an event
// loop with autocannon: the built backend, and a bare `node:http` server as the baseline.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const START_TIMEOUT_MS = 120_000; // a first start migrates and seeds
const STOP_TIMEOUT_MS = 15_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls `url` until it answers 200; fails as soon as the child exits. */
async function waitUntilAnswering(child, url, name) {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not answer ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, then SIGKILL if it has not exited in time. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function startChild(name, args, { env, cwd, healthPath }) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, PORT: String(port) },
    // Both outputs go to our stderr: the servers log warnings only, and stdout keeps just the table.
    stdio: ['ignore', 2, 2],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(child, `${baseUrl}${healthPath}`, name);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { baseUrl, pid: child.pid, stop: () => stop(child) };
}

/** Resident memory of process `pid` now (`rss`) and its peak so far (`peak`), in MB. */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time process `pid` has used so far, in ms (user + system; Linux counts in 10 ms ticks). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Resolves once process `pid` used under 5% of a core over a second (a first start draws the demo
 * pictures in the background after it answers), or after `timeoutMs` whatever it does.
 */
export async function waitUntilIdle(pid, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (cpuMs(pid) - before < 50) return true;
  }
  return false;
}

/** 48 characters, as the API asks at least 32. */
export const newJwtSecret = () => randomBytes(36).toString('base64url');

/**
 * The built backend on its own database and data dir, with production settings, once it answers and
 * has settled: a first start draws the demo pictures in the background after its first answer, and
 * no bench measures a server still doing that. The variables that shape the run are all set here
 * (empty means unset), so a developer's shell cannot change it; `overrides` are a bench's own settings.
 */
export async function startBackend({ entry, databaseUrl, dataDir, redisUrl = '', jwtSecret = newJwtSecret(), overrides = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(dataDir, 'no-frontend'), // the API alone is measured
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    // One login per size, but a rerun within the minute must not be refused.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The mixed bench's members write a few times a second each, far above a person's pace.
    MEMBER_WRITES_PER_MINUTE: '100000',
    REDIS_URL: redisUrl,
    ADMIN_TOKEN: '',
    CORS_ORIGINS: '',
    TRUST_PROXY: '',
    ...overrides,
  };
  // Run from the data dir: the server loads ./.env if there is one, and the repo's must not apply.
  const backend = await startChild('the backend', [entry], { env, cwd: dataDir, healthPath: '/api/health' });
  try {
    if (!(await waitUntilIdle(backend.pid))) console.error('warning: the backend was still busy 60 s after it answered; measuring anyway');
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return backend;
}

/**
 * The feed's baseline (bare-server.mjs) on the database the API used: `databaseUrl` (PostgreSQL) or
 * `pgliteDir` (the API's PGlite data dir, once the API has stopped), checking tokens signed with `jwtSecret`.
 */
export function startBareServer({ databaseUrl = '', pgliteDir = '', jwtSecret }) {
  const env = { ...process.env, BARE_DATABASE_URL: databaseUrl, BARE_PGLITE_DIR: pgliteDir, JWT_SECRET: jwtSecret };
  return startChild('the bare server', [join(here, 'bare-server.mjs')], { env, healthPath: '/health' });
}
