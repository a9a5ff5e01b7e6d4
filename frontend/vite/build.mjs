#!/usr/bin/env node
// `npm run build -w frontend`: the browser build (dist/) and the server-render build
// (dist-server/entry-server.cjs, which the backend requires) at once, in two processes. Each is mostly
// one busy thread; one after the other they left a core idle for most of a minute.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const builds = [['build'], ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server']];

const codes = await Promise.all(
  builds.map(
    (args) =>
      new Promise((resolve) => spawn(process.execPath, [vite, ...args], { cwd: frontend, stdio: 'inherit' }).once('close', resolve)),
  ),
);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
