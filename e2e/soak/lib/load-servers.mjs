// The two setups the load runs against, each on throw-away storage: one API process on embedded
// PGlite, and two API processes sharing a PostgreSQL database, Redis and the media directory.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Redis from 'ioredis';
import { startBackend } from '../../../bench/src/lib/processes.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase } from '../../../bench/src/lib/postgres.mjs';

/**
 * Limits that would refuse a loopback load, raised. Only the auth throttler applies to this traffic
 * (per client IP, and every client here is 127.0.0.1): 30 registrations and 30 sign-ins in the
 * first seconds would hit its default of 10 a minute. The generation throttler is not touched by
 * this load. The value is the variable's maximum divided by ten: far above what the load needs.
 */
export const RAISED_LIMITS = { AUTH_RATE_LIMIT_PER_MINUTE: '10000' };

const tempDir = (label) => mkdtemp(join(tmpdir(), `atelier-soak-load-${label}-`));

/** An audit connection with one `query(sql, params) -> rows` for both drivers. */
function auditOverPglite(pglite) {
  return { query: async (text, params) => (await pglite.query(text, params)).rows, close: () => pglite.close() };
}

function auditOverPostgres(client) {
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
}

/** Setup A: one process, PGlite in a fresh data dir. The audit opens that dir once the server is stopped. */
export async function startPgliteSetup({ backendEntry }) {
  const dataDir = await tempDir('pglite');
  let server;
  try {
    server = await startBackend({ entry: backendEntry, databaseUrl: '', dataDir, overrides: RAISED_LIMITS });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stopServers = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
  };
  return {
    name: 'A: 1 process, PGlite',
    baseUrls: [server.baseUrl],
    stopServers,
    /** Stops the server first: PGlite is single-process, and its shutdown writes the last counters. */
    async openAudit() {
      await stopServers();
      const pglite = new PGlite(join(dataDir, 'pglite'));
      await pglite.waitReady;
      return auditOverPglite(pglite);
    },
    async cleanUp() {
      await stopServers();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Deletes this run's keys only: the Redis server (and maybe this database index) is shared. */
async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Setup B: two API processes on a fresh PostgreSQL database with Redis, as the scale-out deployment
 * runs them: one JWT secret and admin token, one media directory. They start one after the other,
 * so the first migrates and seeds and the second finds a ready database.
 */
export async function startPostgresSetup({ backendEntry, postgresUrl, redisUrl, processes = 2 }) {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `atelier_soak_load_${tag}`;
  const queuePrefix = `atelier-soak-load-${tag}`;
  const admin = await connect(postgresUrl);
  const dataDir = await tempDir('postgres');
  const servers = [];
  const cleanUpStorage = async () => {
    await dropDatabase(admin, database).catch((error) => console.error(`could not drop ${database}: ${error.message}`));
    await admin.end();
    await deleteRedisKeys(redisUrl, queuePrefix).catch((error) => console.error(`could not delete Redis keys ${queuePrefix}:*: ${error.message}`));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await recreateDatabase(admin, database);
    const databaseUrl = databaseUrlFor(postgresUrl, database);
    const shared = {
      ...RAISED_LIMITS,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      QUEUE_PREFIX: queuePrefix,
    };
    for (let index = 0; index < processes; index += 1) {
      servers.push(await startBackend({ entry: backendEntry, databaseUrl, dataDir, redisUrl, overrides: shared }));
    }
    let stopped = false;
    const stopServers = async () => {
      if (stopped) return;
      stopped = true;
      await Promise.all(servers.map((server) => server.stop()));
    };
    return {
      name: `B: ${processes} processes, PostgreSQL + Redis`,
      baseUrls: servers.map((server) => server.baseUrl),
      stopServers,
      /** Stops the servers first, so counters they batch in memory are written before they are read. */
      async openAudit() {
        await stopServers();
        return auditOverPostgres(await connect(databaseUrl));
      },
      async cleanUp() {
        await stopServers();
        await cleanUpStorage();
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await cleanUpStorage();
    throw error;
  }
}
