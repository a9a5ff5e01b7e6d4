#!/usr/bin/env node
// The feed bench's baseline: a plain node:http server doing per request what GET /api/posts must do,
// and nothing else. It verifies the HS256 bearer token with jsonwebtoken (the library @nestjs/jwt
// verifies with), reads `limit` and `cursor`, runs the API's page SQL through the API's driver (pg
// for PostgreSQL; PGlite, with the API's settings, for the embedded database), builds the API's
// JSON for each post and sends it with the next page's cursor. The first page without a query is
// also kept as a ready buffer, built once at start (the cached page's baseline: token check, then
// the buffer), and brotli-compressed once for clients that accept br (the API's quality, 4).
//
// Started by processes.mjs with PORT, JWT_SECRET, and BARE_DATABASE_URL (PostgreSQL) or
// BARE_PGLITE_DIR (a PGlite data dir no other process has open).
import { createSecretKey } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants } from 'node:zlib';
import jwt from 'jsonwebtoken';

const DEFAULT_LIMIT = 20; // FEED_PAGE in contracts/src/social.ts
const MAX_LIMIT = 100;
const JSON_TYPE = 'application/json; charset=utf-8';

// The page statements PostsRepository.page prepares (backend/src/modules/posts/feed-page.reads.ts),
// from the built backend: the same SQL, with the reader's sandbox null for a member, so rows of guest
// sandboxes (users.sandboxed) are left out as the API leaves them out. The Post JSON and the cursor
// come from the built backend too (post.serializer.ts, feed-cursor.ts): the baseline cannot drift.
const builtBackend = (module) => createRequire(import.meta.url)(`../../../backend/dist/modules/posts/${module}.js`);
const { feedPageSql } = builtBackend('feed-page.reads');
const { toPost } = builtBackend('post.serializer');
const { encodeCursor, decodeCursor } = builtBackend('feed-cursor');
function pageStatement(where) {
  const { sql, values, columns } = feedPageSql('everyone', where);
  // Rows come as arrays (two columns are named picture_path), which the API reads by position too.
  return { sql, values, record: (row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])) };
}
const FIRST_PAGE = pageStatement('first');
const NEXT_PAGE = pageStatement('after');

/** `query(name, sql, params)` answering rows, over the driver the environment names. */
async function openDriver(env) {
  if (env.BARE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    // The API's pool size (backend/src/db/database.ts).
    const pool = new pg.Pool({ connectionString: env.BARE_DATABASE_URL, max: Number(env.BARE_POOL_SIZE ?? 10) });
    // Named, as the API prepares its page statements: parsed and planned once per connection.
    return async (name, text, values) => (await pool.query({ name, text, values, rowMode: 'array' })).rows;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // With the API's settings (shared_buffers), read from the built backend the bench runs.
  const { PGLITE_START_PARAMS } = createRequire(import.meta.url)('../../../backend/dist/db/database.js');
  const db = new PGlite({ dataDir: env.BARE_PGLITE_DIR, startParams: [...PGLITE_START_PARAMS] });
  await db.waitReady;
  return async (_name, sql, params) => (await db.query(sql, params, { rowMode: 'array' })).rows;
}

/** One page as the API answers it: the JSON body and the next page's cursor, if there is one. */
async function loadPage(query, { limit, after }) {
  const rows = after
    ? (await query('bare_next_page', NEXT_PAGE.sql, NEXT_PAGE.values({ afterCreatedAt: after.createdAt.toISOString(), afterId: after.id, limit: limit + 1 }))).map(NEXT_PAGE.record)
    : (await query('bare_first_page', FIRST_PAGE.sql, FIRST_PAGE.values({ limit: limit + 1 }))).map(FIRST_PAGE.record);
  const page = rows.slice(0, limit);
  return { body: JSON.stringify(page.map(toPost)), nextCursor: rows.length > limit ? encodeCursor(page.at(-1)) : undefined };
}

function send(res, status, body, nextCursor) {
  const headers = { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) };
  if (nextCursor) headers['x-next-cursor'] = nextCursor;
  res.writeHead(status, headers);
  res.end(body);
}

const refuse = (res, status, message) => send(res, status, JSON.stringify({ statusCode: status, message }));

async function main() {
  const key = createSecretKey(Buffer.from(process.env.JWT_SECRET));
  const query = await openDriver(process.env);
  const first = await loadPage(query, { limit: DEFAULT_LIMIT });
  const firstBody = Buffer.from(first.body);
  const firstBrotli = brotliCompressSync(firstBody, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });

  const server = createServer((req, res) => {
    if (req.url === '/health') return send(res, 200, '{}');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    try {
      jwt.verify(token, key, { algorithms: ['HS256'] });
    } catch {
      return refuse(res, 401, 'Sign in first');
    }
    const url = new URL(req.url, 'http://bare');
    if (url.search === '') {
      const brotli = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
      const body = brotli ? firstBrotli : firstBody;
      const headers = { 'content-type': JSON_TYPE, 'content-length': body.length, 'x-next-cursor': first.nextCursor ?? '', vary: 'Accept-Encoding' };
      if (brotli) headers['content-encoding'] = 'br';
      res.writeHead(200, headers);
      return res.end(body);
    }
    const limit = Number(url.searchParams.get('limit') ?? DEFAULT_LIMIT);
    const cursor = url.searchParams.get('cursor');
    const after = cursor === null ? undefined : decodeCursor(cursor);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT || after === null) return refuse(res, 400, 'Bad query');
    loadPage(query, { limit, after }).then(
      (page) => send(res, 200, page.body, page.nextCursor),
      (error) => refuse(res, 500, error.message),
    );
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
}

process.once('SIGTERM', () => process.exit(0));
main().catch((error) => {
  console.error(`bare server: ${error.stack}`);
  process.exit(1);
});
