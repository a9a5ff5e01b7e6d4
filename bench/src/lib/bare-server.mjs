#!/usr/bin/env node
// The feed bench's baseline: a plain node:http server holding one feed page (parsed, as the API
// holds its rows) and answering every request with JSON.stringify of it. Started by processes.mjs
// with PORT, BARE_PAGE_FILE and BARE_CONTENT_TYPE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const page = JSON.parse(readFileSync(process.env.BARE_PAGE_FILE, 'utf8'));
const contentType = process.env.BARE_CONTENT_TYPE;

const server = createServer((_req, res) => {
  const body = JSON.stringify(page);
  res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
