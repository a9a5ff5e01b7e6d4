// Command-line options of `bench:feed`, with the defaults the issue names.
import { parseCommandLine, positiveInteger, UsageError } from './cli.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const DATABASES = ['postgres', 'pglite'];

const USAGE = `Usage: node bench/src/feed.mjs [--databases postgres,pglite] [--sizes 1000,100000,1000000] [--duration 10] [--rounds 5] [--connections 10] [--explain]

  --databases    where the posts live: postgres (the DATABASE_URL server), pglite (embedded), or both
  --sizes        feed sizes (posts in the database), comma-separated
  --duration     seconds of load per measurement of each server (after a 2 s warm-up)
  --rounds       turns the API and the bare server take within that time
  --connections  concurrent keep-alive connections
  --explain      print EXPLAIN (ANALYZE, BUFFERS) of the feed page queries to stderr
  --backend      the built server to start (default backend/dist/main.js)

DATABASE_URL: a PostgreSQL server URL whose role may create databases
(default ${DEFAULT_DATABASE_URL}).`;

/** Parses argv; throws a UsageError (message includes the usage) on anything it does not understand. */
export function readOptions(argv, env) {
  const values = parseCommandLine(
    argv,
    {
      databases: { type: 'string', default: DATABASES.join(',') },
      sizes: { type: 'string', default: '1000,100000,1000000' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      explain: { type: 'boolean', default: false },
      backend: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return { help: USAGE };
  const databases = [...new Set(values.databases.split(',').map((name) => name.trim()))];
  const unknown = databases.find((name) => !DATABASES.includes(name));
  if (unknown !== undefined) throw new UsageError(`--databases takes ${DATABASES.join(' and/or ')} (got ${JSON.stringify(unknown)})`, USAGE);
  const sizes = values.sizes.split(',').map((size) => positiveInteger('sizes', size.trim(), USAGE));
  return {
    // Smallest first, so the 1k run (the reference of the latency ratio) fails fast if anything is off.
    databases,
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    durationSeconds: positiveInteger('duration', values.duration, USAGE),
    rounds: positiveInteger('rounds', values.rounds, USAGE),
    connections: positiveInteger('connections', values.connections, USAGE),
    explain: values.explain,
    backendEntry: values.backend,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  };
}
