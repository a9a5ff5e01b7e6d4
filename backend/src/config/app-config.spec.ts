import * as path from 'node:path';
import { ConfigError, loadAppConfig } from './app-config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadAppConfig(env, '/srv/atelier');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadAppConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadAppConfig({}, '/srv/atelier');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: '/srv/atelier/data',
      corsOrigins: [],
      logLevel: 'info',
      logFormat: 'json',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(path.isAbsolute(config.frontendDist)).toBe(true);
  });

  it('logs pretty lines to a terminal, and JSON in production, to anything else, or as LOG_FORMAT says', () => {
    const terminal = { isTTY: true };
    const format = (env: NodeJS.ProcessEnv, stdout: { isTTY?: boolean }) => loadAppConfig(env, '/srv', stdout).logFormat;
    expect(format({}, terminal)).toBe('pretty');
    expect(format({}, { isTTY: false })).toBe('json');
    expect(format({}, {})).toBe('json');
    expect(format({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, terminal)).toBe('json');
    expect(format({ LOG_FORMAT: 'json' }, terminal)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty' }, {})).toBe('pretty');
    expect(format({ LOG_FORMAT: '' }, terminal)).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'yaml' })[0]).toMatch(/^LOG_FORMAT /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadAppConfig({ PORT: '', DATABASE_URL: '' }, '/srv').port).toBe(3000);
  });

  it('names PORT and the bad value when PORT is not a number', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT /);
    expect(problems[0]).toContain('"abc"');
  });

  it('rejects ports outside 0-65535', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT must be between 0 and 65535/);
    expect(problemsOf({ PORT: '3.5' })[0]).toMatch(/^PORT must be a whole number/);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('accepts postgres URLs and parses the CORS origin list', () => {
    const config = loadAppConfig({
      DATABASE_URL: 'postgres://atelier@db:5432/atelier',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
    });
    expect(config.databaseUrl).toBe('postgres://atelier@db:5432/atelier');
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it('rejects a CORS entry that is not an origin', () => {
    expect(problemsOf({ CORS_ORIGINS: 'https://a.example/path' })[0]).toMatch(/^CORS_ORIGINS /);
  });

  it('requires JWT_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^JWT_SECRET is required/);
    expect(() => loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).not.toThrow();
  });

  it('mails contact messages with SMTP_URL to CONTACT_EMAIL, from the owner unless CONTACT_FROM says, and never prints the password', () => {
    expect(loadAppConfig({}).contact).toEqual({ messagesPerIpPerHour: 5 });
    const mailed = loadAppConfig({ SMTP_URL: 'smtps://me%40example.com:s3cret@smtp.example.com', CONTACT_EMAIL: 'me@example.com' }).contact;
    expect(mailed).toMatchObject({ to: 'me@example.com', from: 'Atelier contact form <me@example.com>' });
    const from = 'Ada Lovelace <site@example.com>';
    expect(loadAppConfig({ SMTP_URL: 'smtp://mail:25', CONTACT_EMAIL: 'me@example.com', CONTACT_FROM: from }).contact.from).toBe(from);

    expect(problemsOf({ SMTP_URL: 'smtp://mail:25' })).toEqual([expect.stringMatching(/^SMTP_URL needs CONTACT_EMAIL/)]);
    expect(problemsOf({ CONTACT_EMAIL: 'not an address', CONTACT_FROM: 'Name <nope>' }).map((p) => p.split(' ')[0])).toEqual(['CONTACT_EMAIL', 'CONTACT_FROM']);
    const [badUrl] = problemsOf({ SMTP_URL: 'https://me@example.com:s3cret@smtp.example.com', CONTACT_EMAIL: 'me@example.com' });
    expect(badUrl).toBe('SMTP_URL must be a URL starting with smtp:// or smtps:// (got "https://me@example.com:***@smtp.example.com")');
  });

  it('resolves DATA_DIR against the working directory', () => {
    expect(loadAppConfig({ DATA_DIR: 'var/atelier' }, '/srv').dataDir).toBe('/srv/var/atelier');
  });
});
