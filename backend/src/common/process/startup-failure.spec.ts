import { ConfigError } from '../../config/app-config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { UnprotectedDataDirError } from '../../db/private-data-dir';
import { startupFailureMessage } from './startup-failure';

const targets = { host: '0.0.0.0', port: 3000, databaseUrl: 'postgres://atelier:hunter2@db:5432/atelier', redisUrl: 'redis://cache:6380/0' };
const systemError = (message: string, fields: object) => Object.assign(new Error(message), fields);

describe('startupFailureMessage', () => {
  it("says an operator's problem in its own words, without a stack", () => {
    expect(startupFailureMessage(new ConfigError(['PORT must be a whole number (got "abc")']))).toBe(
      'Invalid configuration:\n  - PORT must be a whole number (got "abc")',
    );
    expect(startupFailureMessage(new DataDirInUseError('/srv/data', 'process 42'))).toMatch(/^The database in \/srv\/data is in use by process 42\./);
    const open = 'UNPROTECTED SECRET FILE: permissions 0666 for /srv/data/jwt-secret are too open (other users could read or replace it).';
    expect(startupFailureMessage(new UnprotectedDataDirError(open))).toBe(open);
  });

  it('tells which service does not answer, by its address, with the password hidden', () => {
    const pg = systemError('connect ECONNREFUSED 10.0.0.2:5432', { code: 'ECONNREFUSED', syscall: 'connect', port: 5432 });
    expect(startupFailureMessage(pg, targets)).toBe(
      'PostgreSQL does not answer at postgres://atelier:***@db:5432/atelier (ECONNREFUSED). Start it, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database.',
    );
    const redis = systemError('getaddrinfo ENOTFOUND cache', { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'cache' });
    expect(startupFailureMessage(redis, targets)).toBe(
      'Redis does not answer at redis://cache:6380/0 (ENOTFOUND). Start it, fix REDIS_URL, or unset REDIS_URL to run jobs in this process.',
    );
  });

  it("passes PostgreSQL's own reason for refusing the sign-in on", () => {
    const refused = systemError('password authentication failed for user "atelier"', { code: '28P01' });
    expect(startupFailureMessage(refused, targets)).toBe(
      'PostgreSQL at postgres://atelier:***@db:5432/atelier refused: password authentication failed for user "atelier". Check DATABASE_URL\'s user, password and database name.',
    );
  });

  it('shows anything else whole, stack included: that is a bug to report', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(startupFailureMessage(bug, targets)).toContain(bug.stack!.split('\n')[1]!.trim());
    const elsewhere = systemError('connect ECONNREFUSED 10.0.0.9:9000', { code: 'ECONNREFUSED', syscall: 'connect', port: 9000 });
    expect(startupFailureMessage(elsewhere, targets)).toContain('    at ');
  });
});
