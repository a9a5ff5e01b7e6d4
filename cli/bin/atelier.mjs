#!/usr/bin/env node
// The `atelier` command. npm links a workspace's bin into node_modules/.bin only if the file exists
// when it installs, and a fresh `npm ci` runs before anything is built: a bin pointing at
// dist/index.js got no link, so `npx atelier` went to the registry. This file is committed, so the
// link is made; it runs the built CLI, or says how to build it.
import { existsSync } from 'node:fs';

const built = new URL('../dist/index.js', import.meta.url);
if (!existsSync(built)) {
  console.error('atelier: the CLI is not built yet: run `npm start` or `npm run build` in the Atelier repository');
  process.exit(1);
}
// `atelier users list | head` closes the pipe early: that ends the command, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}
await import(built.href);
