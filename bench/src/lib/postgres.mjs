// The PostgreSQL server the feed bench creates its throw-away databases on.
import pg from 'pg';

/** The URL without its password, for messages. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** The same server and credentials, another database (query options such as sslmode are kept). */
export function databaseUrlFor(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Connects, turning the driver's terse errors into one that says what to set. */
export async function connect(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL is not a URL (got ${JSON.stringify(url)})`);
  }
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol)) {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql:// (got ${redactUrl(url)})`);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${redactUrl(url)}: ${error.message}\n` +
        'Set DATABASE_URL to a PostgreSQL server URL whose role may create databases.',
    );
  }
  return client;
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** Creates `name` empty, dropping a leftover of an interrupted run first. */
export async function recreateDatabase(admin, name) {
  await dropDatabase(admin, name);
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
  } catch (error) {
    throw new Error(`Cannot create database ${name}: ${error.message} (the DATABASE_URL role needs CREATEDB)`);
  }
}

/** FORCE ends sessions the server may have left open (PostgreSQL 13+). */
export async function dropDatabase(admin, name) {
  await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}
