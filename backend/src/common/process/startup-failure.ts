import { inspect } from 'node:util';
import { ConfigError } from '../../config/app-config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { UnprotectedDataDirError } from '../../db/private-data-dir';

/** Where the server was told to listen and which services it was told to use. */
export interface StartupTargets {
  host: string;
  port: number;
  databaseUrl?: string;
  redisUrl?: string;
}

interface SystemError {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
  message: string;
}

/** PostgreSQL's SQLSTATE classes a newcomer meets: 28 (sign-in refused), 3D (no such database). */
const SIGN_IN_STATES = /^(28|3D)/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']);

function serviceAt(url: string | undefined, error: SystemError): boolean {
  if (!url) return false;
  try {
    const { hostname, port } = new URL(url);
    const expectedPort = Number(port || (url.startsWith('redis') ? 6379 : 5432));
    if (error.syscall === 'getaddrinfo') return error.hostname === hostname;
    return error.port === expectedPort;
  } catch {
    return false;
  }
}

/** The URL without its password, to show in a message. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * What the server prints when it cannot start. A problem the operator fixes (a bad variable, a port
 * or data dir already taken, a data dir or secret open to other users, a database that does not
 * answer or refuses the sign-in) is one line that says what to do; anything else is a bug, shown
 * whole with its stack.
 */
export function startupFailureMessage(error: unknown, targets?: StartupTargets): string {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof UnprotectedDataDirError) return error.message;
  if (!(error instanceof Error) || !targets) return inspect(error);
  const system = error as Error & SystemError;
  if (system.syscall === 'listen' && system.code === 'EADDRINUSE') {
    return `Port ${targets.port} is already in use (another Atelier, or another program, listens on it). Stop that one, or start this one with PORT=<another port>.`;
  }
  if (system.syscall === 'listen' && system.code === 'EACCES') {
    return `Port ${targets.port} needs administrator rights on this system. Use a port above 1023, such as PORT=3000, and put a reverse proxy in front for 80 or 443.`;
  }
  if (targets.databaseUrl && SIGN_IN_STATES.test(system.code ?? '')) {
    return `PostgreSQL at ${shown(targets.databaseUrl)} refused: ${system.message}. Check DATABASE_URL's user, password and database name.`;
  }
  if (UNREACHABLE.has(system.code ?? '')) {
    if (serviceAt(targets.databaseUrl, system)) {
      return `PostgreSQL does not answer at ${shown(targets.databaseUrl!)} (${system.code}). Start it, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database.`;
    }
    if (serviceAt(targets.redisUrl, system)) {
      return `Redis does not answer at ${shown(targets.redisUrl!)} (${system.code}). Start it, fix REDIS_URL, or unset REDIS_URL to run jobs in this process.`;
    }
  }
  return inspect(error);
}
