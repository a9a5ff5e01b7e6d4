import { BadRequestException, NotFoundException } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm';
import { AppError } from '../errors/app-error';
import { toErrorBody } from './all-exceptions.filter';

describe('toErrorBody', () => {
  it('keeps an AppError code, message and field details', () => {
    const error = new AppError('VALIDATION_FAILED', 'Check the form', [{ field: 'email', message: 'invalid email' }]);
    expect(toErrorBody(error)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      details: [{ field: 'email', message: 'invalid email' }],
    });
  });

  it('maps Nest HTTP exceptions onto the stable codes', () => {
    expect(toErrorBody(new NotFoundException('No such post'))).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No such post',
    });
    expect(toErrorBody(new BadRequestException(['a is wrong', 'b is wrong'])).message).toBe('a is wrong; b is wrong');
  });

  it('answers unknown errors as INTERNAL without their message', () => {
    const body = toErrorBody(new Error('relation "users" does not exist at /srv/app.js:12'));
    expect(body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' });
  });

  it('shows the message of an exposed http-errors 4xx error, and hides an unexposed one', () => {
    const exposed = Object.assign(new Error('Unsupported content encoding "br"'), { status: 415, expose: true });
    expect(toErrorBody(exposed)).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content encoding "br"',
    });
    const hidden = Object.assign(new Error('template /srv/views/x.ejs:3'), { status: 400 });
    expect(toErrorBody(hidden)).toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });
});

describe('toErrorBody with a dependency down', () => {
  it('answers a database that stopped answering as 503 SERVICE_UNAVAILABLE, without internals', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const body = toErrorBody(new DrizzleQueryError('select "password_hash" from "users"', [], cause));
    expect(body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable; try again shortly' });
  });

  it('answers Redis refusing a command as 503 SERVICE_UNAVAILABLE', () => {
    expect(toErrorBody(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The generation queue is unavailable; try again shortly',
    });
  });
});
