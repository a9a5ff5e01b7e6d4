import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, REPO_ROOT } from '../../cli/test/helpers/built-cli';

/** A fresh install of the built app, of a spec's own: its data dir, where it answers, and how to stop it. */
export interface FreshSite {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const START_LIMIT_MS = 120_000;

/**
 * Starts the built app (backend serving frontend/dist) on a new data dir and a free port, as
 * `npm start` runs it for a new owner: no ADMIN_TOKEN, so it makes its own and writes it to the data
 * dir. For a spec that changes what every page shows, which the suite's shared server must not.
 */
export async function startFreshSite(env: Record<string, string> = {}): Promise<FreshSite> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-fresh-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    FRONTEND_DIST: path.join(REPO_ROOT, 'frontend/dist'),
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    IMAGE_RENDERS_PER_IP_PER_MINUTE: '100000',
    ...env,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN']) delete childEnv[name];
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'backend/dist/main.js')], { env: childEnv, cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_LIMIT_MS;
  // It says its address in the data dir once it answers (site-url): this server, not another on the port.
  while (!fs.existsSync(path.join(dataDir, 'site-url'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the fresh site did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, dataDir, stop };
}
