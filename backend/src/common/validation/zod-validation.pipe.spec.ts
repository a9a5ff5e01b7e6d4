import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { emailField, requiredText } from './fields';
import { parseInput } from './zod-validation.pipe';

const schema = z.strictObject({ name: requiredText(5), email: emailField(50) });

function failure(value: unknown): AppError {
  try {
    parseInput(schema, value);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation failure');
}

describe('parseInput', () => {
  it('trims text and lower-cases emails', () => {
    expect(parseInput(schema, { name: '  Ada ', email: ' Ada@Example.COM ' })).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it("answers the required messages, one per field, all at once", () => {
    const error = failure({ name: '   ', email: 'nope' });
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    expect(error.details).toEqual([
      { field: 'name', message: 'required' },
      { field: 'email', message: 'invalid email' },
    ]);
    expect(error.message).toBe('Invalid input: name required; email invalid email');
  });

  it('says required for missing fields and a missing body', () => {
    expect(failure(undefined).details).toEqual([
      { field: 'name', message: 'required' },
      { field: 'email', message: 'required' },
    ]);
  });

  it('limits lengths and rejects unknown fields', () => {
    expect(failure({ name: 'abcdef', email: 'a@b.co', role: 'admin' }).details).toEqual([
      { field: 'name', message: 'must be at most 5 characters' },
      { field: 'role', message: 'is not an accepted field' },
    ]);
  });

  it('refuses a NUL character in any text, nested or not, before the schema runs', () => {
    expect(failure({ name: 'A\u0000', email: 'a@b.co' }).details).toEqual([{ field: 'name', message: 'must not contain a NUL character' }]);
    const nested = failure({ name: 'Ada', email: 'a@b.co', extra: { list: ['ok', 'x\u0000'] } });
    expect(nested.details).toEqual([{ field: 'extra.list.1', message: 'must not contain a NUL character' }]);
    expect(failure('\u0000').details).toEqual([{ field: '(body)', message: 'must not contain a NUL character' }]);
  });

  it('walks bodies nested thousands deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(failure({ name: 'Ada', email: 'a@b.co', deep }).details?.[0]).toMatchObject({ message: 'must not contain a NUL character' });
  });

  it('does not take an uploaded file\'s bytes for text', () => {
    const picture = { originalname: 'me.png', buffer: Buffer.from([0, 0, 0]) };
    expect(() => parseInput(z.object({ picture: z.any() }), { picture })).not.toThrow();
  });

  it('does not mistake a wrong type for a missing field', () => {
    expect(failure({ name: 42, email: 'a@b.co' }).details).toEqual([{ field: 'name', message: 'must be text' }]);
  });
});
