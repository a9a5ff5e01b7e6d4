// Starts the built app (backend serving frontend/dist) for Playwright on a throw-away data dir,
// and removes that dir when the server stops.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const backendMain = path.join(repoRoot, 'backend/dist/main.js');
const frontendDist = path.join(repoRoot, 'frontend/dist');

for (const [file, build] of [
  [backendMain, 'npm run build -w contracts && npm run build -w backend'],
  [path.join(frontendDist, 'index.html'), 'npm run build -w frontend'],
]) {
  if (!existsSync(file)) {
    console.error(`e2e: ${path.relative(repoRoot, file)} is missing; build it first: ${build}`);
    process.exit(1);
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-e2e-'));
const env = {
  ...process.env,
  FRONTEND_DIST: frontendDist,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT || '3100',
  LOG_LEVEL: 'warn',
  // The specs register and sign in a fresh member per test (two workers in parallel), far beyond the
  // default 10 registrations + 10 logins per minute from one IP; the limit itself has backend tests.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GUEST_SANDBOXES_PER_IP_PER_HOUR: '1000',
  MEMBER_WRITES_PER_MINUTE: '10000', // the suite's members write far faster than people do
  // Likewise for Forge and Dream jobs, which every generation spec starts from 127.0.0.1.
  GENERATION_RATE_LIMIT_PER_MINUTE: '1000',
  // And for new picture sizes: the specs open every page at four widths and three pixel densities
  // within a minute or two, each first visit asking for sizes not drawn yet; run on their own, the
  // hydration and showcase specs met the default 120 a minute (429s on /gallery's thumbnails).
  IMAGE_RENDERS_PER_IP_PER_MINUTE: '100000',
  // Set by playwright.config.ts, for the specs that run the atelier CLI.
  ...(process.env.E2E_ADMIN_TOKEN ? { ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN } : {}),
};
// Always the embedded database and in-process queue: the run must not touch a shared server.
delete env.DATABASE_URL;
delete env.REDIS_URL;

const server = spawn(process.execPath, [backendMain], { env, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', async (code, signal) => {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
