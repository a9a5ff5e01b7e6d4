import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const CLI_ENTRY = path.join(REPO_ROOT, 'cli/dist/index.js');
export const BACKEND_ENTRY = path.join(REPO_ROOT, 'backend/dist/main.js');

const BUILD_BY_HAND = 'npm run build -w contracts && npm run build -w backend && npm run build -w cli';

/** These specs run built code; say which build is missing instead of failing on ENOENT. */
export function requireBuilt(entry: string, buildCommand: string): void {
  if (!fs.existsSync(entry)) {
    throw new Error(
      `${path.relative(REPO_ROOT, entry)} is missing: run \`${buildCommand}\` first ` +
        `(Nx runs cli:build and @atelier/backend:build before cli:test; by hand: ${BUILD_BY_HAND})`,
    );
  }
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node cli/dist/index.js <args>` as a user would, without the caller's ATELIER_* variables;
 * `input` is piped to its stdin (the answers to `atelier setup`), which is otherwise closed.
 */
export function runCli(args: string[], env: Record<string, string> = {}, input = ''): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['ATELIER_API_URL', 'ATELIER_ADMIN_TOKEN']) {
    if (!(name in env)) delete childEnv[name];
  }
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI_ENTRY, ...args], { env: childEnv, timeout: 30_000 }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ exitCode, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}

/** A port that was free a moment ago: nothing listens on it until someone binds it. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
