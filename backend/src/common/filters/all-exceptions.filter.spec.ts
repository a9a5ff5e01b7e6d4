import { BadRequestException, NotFoundException } from '@nestjs/common';
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
