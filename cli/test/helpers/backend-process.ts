import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BACKEND_ENTRY, freePort } from './built-cli';

// A first start migrates and seeds (pictures included): 14 s on an idle slow host, several times
// that while the backend suites share its two cores.
const START_LIMIT_MS = 90_000;
const STOP_LIMIT_MS = 10_000;

export interface BackendProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * `node backend/dist/main.js` on a free port with a fresh DATA_DIR: embedded PGlite, in-process jobs
 * (no DATABASE_URL or REDIS_URL), no frontend, plus `extraEnv`. Resolves once it answers an admin
 * request with its own ADMIN_TOKEN (one is made up when `extraEnv` has none).
 */
export async function startBackend(extraEnv: Record<string, string> = {}): Promise<BackendProcess> {
  // The port is free when chosen, but the backend binds it only seconds later, after migrating and
  // seeding; a test server of a suite running alongside may take it meanwhile. Then this backend
  // exits with EADDRINUSE, and it starts again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(extraEnv);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(extraEnv: Record<string, string>): Promise<BackendProcess> {
  const port = await freePort();
  // Proves that the server answering on the port is this one: another's admin token differs.
  const adminToken = extraEnv.ADMIN_TOKEN ?? `cli-test-${randomBytes(16).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FRONTEND_DIST: path.join(dataDir, 'no-frontend'),
    ...extraEnv,
    ADMIN_TOKEN: adminToken,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  // cwd is the data dir, so a developer's .env in the repo cannot leak into the test.
  const child = spawn(process.execPath, [BACKEND_ENTRY], { env, cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
  );
  let exitedWith: string | undefined;
  let stopping = false;
  let started = false;
  void exited.then((how) => {
    exitedWith = how;
    // Otherwise the tests only see "connection refused"; the backend's own last words say why.
    if (!stopping && started) console.error(`the backend exited with ${how} while the tests ran:\n${output()}`);
  });

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    if (exitedWith === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const output = () => `--- stderr ---\n${stderr}--- stdout ---\n${stdout}`;

  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (exitedWith !== undefined) {
      await stop();
      const Failure = stderr.includes('EADDRINUSE') ? PortTakenError : Error;
      throw new Failure(`the backend (${BACKEND_ENTRY}) exited with ${exitedWith} before answering:\n${output()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the backend did not answer GET ${url}/api/health within ${START_LIMIT_MS / 1000} s:\n${output()}`);
    }
    try {
      const answer = await fetch(`${url}/api/admin/users`, { headers: { Authorization: `Bearer ${adminToken}` }, signal: AbortSignal.timeout(1_000) });
      if (answer.ok) {
        started = true;
        return { url, stop };
      }
      // Another program's answer (this backend is not listening yet): wait for this one, or its exit.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
