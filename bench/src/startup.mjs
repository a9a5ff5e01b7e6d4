#!/usr/bin/env node
// Start-up time (spawn to first /api/health answer) and resident memory of the default `npm start`
// run: first start on a fresh data dir, then restarts on the same one. Prints a markdown table.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const TARGET_MS = 5_000; // DESIGN section 10: under 5 s on an existing data dir

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstAnswerMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let start-up garbage settle
    return { firstAnswerMs, rssMb: residentKb(child.pid) / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-startup-'));
try {
  const first = await startOnce(dataDir);
  const restarts = [];
  for (let i = 0; i < RESTARTS; i++) restarts.push(await startOnce(dataDir));
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const restartMs = median(restarts.map((r) => r.firstAnswerMs));
  const restartRss = median(restarts.map((r) => r.rssMb));

  console.log('| measure | value | target | ratio to target |');
  console.log('|---|---|---|---|');
  console.log(`| first start, fresh data dir (to first answer) | ${first.firstAnswerMs.toFixed(0)} ms | - | - |`);
  console.log(`| restart, existing data dir (median of ${RESTARTS}) | ${restartMs.toFixed(0)} ms | < ${TARGET_MS} ms | ${(restartMs / TARGET_MS).toFixed(2)} |`);
  console.log(`| resident memory after first start | ${first.rssMb.toFixed(0)} MB | reported | - |`);
  console.log(`| resident memory after restart (median) | ${restartRss.toFixed(0)} MB | reported | - |`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
