import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';

// A first start copies the migrated template and seeds (its pictures are drawn after it answers):
// about 2 s on an idle host, several times that while the other suites share its two cores.
const FIRST_START_LIMIT_MS = 90_000;

// The real entry points as an operator runs them: built dist/main.js (API) and dist/worker.js.
export const MAIN = path.resolve(__dirname, '../../dist/main.js');
export const WORKER = path.resolve(__dirname, '../../dist/worker.js');

export function expectBuilt(): void {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build -w backend\` first`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  /** SIGTERM, resolving with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, no shutdown hooks. */
  kill(): Promise<void>;
}

class PortTakenError extends Error {}

/**
 * Starts dist/main.js and resolves once it answers an admin request with its own admin token. Without
 * a given port it takes a free one; the server binds it only after migrating and seeding, and a
 * server of a suite running alongside (another Jest worker's, the CLI's) may take it meanwhile: that
 * one answers /api/health too, but not to this server's token, and this one exits with EADDRINUSE
 * and is started again on another port.
 */
export async function startServer(env: NodeJS.ProcessEnv, port?: number): Promise<RunningServer> {
  if (port !== undefined) return startOnPort(env, port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(env, await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

async function startOnPort(env: NodeJS.ProcessEnv, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its warnings and errors (the last 20 KB), shown if it dies while a test still uses it.
  let stderr = '';
  const keep = (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!ended) console.error(`The server on port ${port} ended unexpectedly (${signal ?? `exit code ${code}`}):\n${stderr}`);
      resolve(code);
    }),
  );
  const deadline = Date.now() + FIRST_START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      ended = true;
      const Failure = stderr.includes('EADDRINUSE') ? PortTakenError : Error;
      throw new Failure(`server exited with ${child.exitCode}: ${stderr}`);
    }
    if (await answersAsItself(port, env)) {
      return {
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        stop: () => ((ended = true), child.kill('SIGTERM'), exited),
        kill: async () => {
          ended = true;
          child.kill('SIGKILL');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ended = true;
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${FIRST_START_LIMIT_MS / 1000} s: ${stderr}`);
}

/**
 * Whether the server on `port` is the one started with `env`: it accepts the admin token given to
 * it, or the one it wrote to its data directory on a first start; another server's token differs.
 */
async function answersAsItself(port: number, env: NodeJS.ProcessEnv): Promise<boolean> {
  const token = env.ADMIN_TOKEN ?? readAdminTokenFile(env.DATA_DIR);
  if (!token) return false;
  const answer = await fetch(`http://127.0.0.1:${port}/api/admin/users`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(2_000),
  }).catch(() => undefined);
  return answer?.ok ?? false;
}

function readAdminTokenFile(dataDir: string | undefined): string | undefined {
  if (!dataDir) return undefined;
  try {
    return fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Runs an entry point that is expected to stop by itself (a refused configuration). */
export function runToExit(env: NodeJS.ProcessEnv, entry = MAIN): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
