// The two setups the load runs against, each on throw-away storage: one API process on embedded
// PGlite, and two API processes sharing a PostgreSQL database, Redis and the media directory. Every
// process logs at info (a line per API request) to a file of its own, scanned after the run.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Redis from 'ioredis';
import { waitUntilIdle } from '../../../bench/src/lib/processes.mjs';
import { connect, databaseUrlFor, dropDatabase, recreateDatabase } from '../../../bench/src/lib/postgres.mjs';
import { scenarioSecrets, startApi } from './fault-processes.mjs';

/**
 * Limits that would refuse a loopback load, raised. The auth throttler counts per client IP, and
 * every client here is 127.0.0.1: 30 registrations and 30 sign-ins in the first seconds would hit
 * its default of 10 a minute (raised to its maximum divided by ten). The per-member write limit
 * (60 a minute per kind) is below what a writer in a closed loop, or a member in the contended
 * bursts, sends: raised to its maximum. (The generation limit, raised by fault-processes.mjs's
 * environment, is not touched by this load.)
 */
export const RAISED_LIMITS = { AUTH_RATE_LIMIT_PER_MINUTE: '10000', MEMBER_WRITES_PER_MINUTE: '100000' };

const tempDir = (label) => mkdtemp(join(tmpdir(), `atelier-soak-load-${label}-`));

/**
 * One API process, its output in `logDir/api-<index>.log`, once it answers and has settled: a first
 * start draws the demo pictures in the background after its first answer.
 */
async function startLoggedApi({ index, logDir, ...options }) {
  const logFile = join(logDir, `api-${index}.log`);
  const api = await startApi({ ...options, logFile, env: { ...RAISED_LIMITS, LOG_LEVEL: 'info', ...options.env } });
  try {
    if (!(await waitUntilIdle(api.pid))) console.error(`warning: API ${index} was still busy 60 s after it answered; loading it anyway`);
  } catch (error) {
    await api.stop();
    throw error;
  }
  return { baseUrl: api.url, logFile, stop: () => api.stop() };
}

/** Removes the logs unless told to keep them (a failed run points into them). */
async function removeLogs(logDir, keepLogs) {
  if (!keepLogs) await rm(logDir, { recursive: true, force: true });
}

/** An audit connection with one `query(sql, params) -> rows` for both drivers. */
function auditOverPglite(pglite) {
  return { query: async (text, params) => (await pglite.query(text, params)).rows, close: () => pglite.close() };
}

function auditOverPostgres(client) {
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
}

/** Setup A: one process, PGlite in a fresh data dir. The audit opens that dir once the server is stopped. */
export async function startPgliteSetup({ backendEntry, env = {} }) {
  const dataDir = await tempDir('pglite');
  const logDir = await tempDir('pglite-logs');
  let server;
  try {
    server = await startLoggedApi({ index: 1, logDir, entry: backendEntry, dataDir, secrets: scenarioSecrets(), env });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    await removeLogs(logDir); // startApi's error carries the log's end
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
    logDir,
    logFiles: [server.logFile],
    stopServers,
    /** Stops the server first: PGlite is single-process, and its shutdown writes the last counters. */
    async openAudit() {
      await stopServers();
      const pglite = new PGlite(join(dataDir, 'pglite'));
      await pglite.waitReady;
      return auditOverPglite(pglite);
    },
    async cleanUp({ keepLogs = false } = {}) {
      await stopServers();
      await rm(dataDir, { recursive: true, force: true });
      await removeLogs(logDir, keepLogs);
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
export async function startPostgresSetup({ backendEntry, postgresUrl, redisUrl, processes = 2, env = {} }) {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `atelier_soak_load_${tag}`;
  const queuePrefix = `atelier-soak-load-${tag}`;
  const admin = await connect(postgresUrl);
  const dataDir = await tempDir('postgres');
  const logDir = await tempDir('postgres-logs');
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
    const secrets = scenarioSecrets();
    for (let index = 1; index <= processes; index += 1) {
      servers.push(await startLoggedApi({ index, logDir, entry: backendEntry, dataDir, databaseUrl, redisUrl, secrets, env: { ...env, QUEUE_PREFIX: queuePrefix } }));
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
      logDir,
      logFiles: servers.map((server) => server.logFile),
      stopServers,
      /** Stops the servers first, so counters they batch in memory are written before they are read. */
      async openAudit() {
        await stopServers();
        return auditOverPostgres(await connect(databaseUrl));
      },
      async cleanUp({ keepLogs = false } = {}) {
        await stopServers();
        await cleanUpStorage();
        await removeLogs(logDir, keepLogs);
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await cleanUpStorage();
    await removeLogs(logDir); // startApi's error carries the log's end
    throw error;
  }
}
