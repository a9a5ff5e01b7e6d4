// Throw-away PostgreSQL and Redis servers of our own, on free ports, that a fault scenario may stop,
// kill and start again. The machine's shared servers are never touched.
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../bench/src/lib/processes.mjs';

const run = promisify(execFile);
/** The server binaries: PG_BIN, else Debian's newest installed version. */
function postgresBinaries() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql; set PG_BIN to the folder holding initdb and pg_ctl');
  return path.join('/usr/lib/postgresql', newest, 'bin');
}
const START_TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// initdb and postgres refuse to run as root: as root, they run as the `postgres` OS user.
const asRoot = process.getuid?.() === 0;
function pgCommand(binary, args) {
  const full = path.join(postgresBinaries(), binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
}
const pgTool = (binary, args, options = {}) => run(...pgCommand(binary, args), { timeout: START_TIMEOUT_MS + 10_000, ...options });

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * A PostgreSQL 15 cluster in a temporary directory: trust authentication on 127.0.0.1, no fsync (the
 * machine itself never crashes here; a killed postmaster still leaves its WAL in the OS cache).
 */
export async function startPostgres() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-fault-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;

  const postmasterPid = () => {
    try {
      return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  const ready = async () => {
    try {
      await pgTool('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)], { timeout: 5_000 });
      return true;
    } catch {
      return false;
    }
  };

  const server = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A database URL on this server. */
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    logFile,
    async start() {
      // After a killed postmaster its orphaned backends hold the shared memory for a moment: retry.
      const deadline = Date.now() + START_TIMEOUT_MS;
      for (;;) {
        try {
          await pgTool('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', options]);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw new Error(`PostgreSQL on port ${port} did not start: ${error.message}`);
          await sleep(500);
        }
      }
      await waitUntil(ready, START_TIMEOUT_MS, `PostgreSQL on port ${port} did not accept connections`);
    },
    /** `fast`: clients are disconnected (57P01), open transactions roll back, a clean shutdown. */
    async stop(mode = 'fast') {
      await pgTool('pg_ctl', ['stop', '-w', '-t', '30', '-D', dataDir, '-m', mode]);
    },
    /** SIGKILL to the postmaster: a crash; the next start runs crash recovery. */
    async kill() {
      const pid = postmasterPid();
      if (!pid || !isRunning(pid)) throw new Error(`PostgreSQL on port ${port} is not running`);
      process.kill(pid, 'SIGKILL');
      await waitUntil(() => !isRunning(pid), 10_000, `postmaster ${pid} did not exit`);
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return server.urlFor(name);
    },
    async destroy() {
      const pid = postmasterPid();
      if (pid && isRunning(pid)) await server.stop('immediate').catch(() => process.kill(pid, 'SIGKILL'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A redis-server of our own, without persistence: after a restart its queues are empty. */
export async function startRedis() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-fault-redis-'));
  let child;
  let exited;

  const ping = async () => {
    try {
      const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { timeout: 2_000 });
      return stdout.trim() === 'PONG';
    } catch {
      return false;
    }
  };
  const stopWith = async (signal) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };

  const server = {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: 'ignore',
      });
      exited = new Promise((resolve) => child.once('exit', resolve));
      await waitUntil(ping, START_TIMEOUT_MS, `redis-server on port ${port} did not answer`);
    },
    /** SIGTERM: redis closes its clients and exits. */
    stop: () => stopWith('SIGTERM'),
    kill: () => stopWith('SIGKILL'),
    async destroy() {
      await stopWith('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
