import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm';
import { AppLogger } from './app-logger';
import { createRootLogger } from './logging.module';

const EMAIL = 'ada.lovelace@example.com';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const POST = 'My private thoughts about the analytical engine';

/** A failed insert as Drizzle over pg reports it: the statement, its values, and the server's error. */
function failedInsert(): DrizzleQueryError {
  const server = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    severity: 'ERROR',
    constraint: 'users_email_unique',
    table: 'users',
    detail: `Key (email)=(${EMAIL}) already exists.`,
  });
  return new DrizzleQueryError('insert into "users" ("email", "password_hash", "bio") values ($1, $2, $3)', [EMAIL, HASH, POST], server);
}

function rootLoggerLines(): { lines: string[]; logger: ReturnType<typeof createRootLogger> } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createRootLogger({ logLevel: 'info', logFormat: 'json' }, sink) };
}

describe('logged errors', () => {
  it('name the failed statement and the database error, never the values', () => {
    const { lines, logger } = rootLoggerLines();
    logger.error({ err: failedInsert(), reqId: 'r1' }, 'Unhandled error');
    expect(lines).toHaveLength(1);
    for (const secret of [EMAIL, HASH, POST]) expect(lines[0]).not.toContain(secret);
    const line = JSON.parse(lines[0]) as { err: Record<string, unknown> & { cause: Record<string, unknown> } };
    expect(line.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      statement: 'insert into "users" ("email", "password_hash", "bio") values ($1, $2, $3)',
    });
    expect(line.err.stack).toMatch(/^DrizzleQueryError: Failed query\n {4}at /);
    expect(line.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique', table: 'users' });
    expect(line.err.cause.detail).toBeUndefined();
  });

  it('keep the database message but not the values it quotes', () => {
    const { lines, logger } = rootLoggerLines();
    logger.warn({ err: new Error(`invalid input syntax for type uuid: "${EMAIL}"`) }, 'Could not read');
    expect(lines[0]).not.toContain(EMAIL);
    expect(JSON.parse(lines[0]).err.message).toBe('invalid input syntax for type uuid: "…"');
  });

  it('go the same way through Nest loggers', () => {
    const { lines, logger } = rootLoggerLines();
    Logger.overrideLogger(new AppLogger(logger));
    try {
      new Logger('Posts').warn({ err: failedInsert() }, 'The database did not answer');
    } finally {
      Logger.overrideLogger(true);
    }
    expect(lines).toHaveLength(1);
    for (const secret of [EMAIL, HASH, POST]) expect(lines[0]).not.toContain(secret);
  });
});
