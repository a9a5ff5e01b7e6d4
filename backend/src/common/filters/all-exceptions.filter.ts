import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorBody, ErrorCode } from '@atelier/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyError } from '../http/body-parsers';
import { AppError, STATUS_BY_CODE } from '../errors/app-error';
import { loggedUrl } from '../logging/logged-url';
import { unavailableDependency, type Dependency } from '../errors/unavailable-dependency';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/** Errors from Fastify and its plugins carry a status but are not HttpExceptions. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  code?: string;
  message: string;
}

const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  database: 'The database is unavailable; try again shortly',
  queue: 'The generation queue is unavailable; try again shortly',
};

/** How long a client should wait before retrying a 503, in seconds (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof AppError) {
    return {
      statusCode: exception.statusCode,
      code: exception.code,
      message: exception.message,
      ...(exception.details?.length ? { details: exception.details } : {}),
    };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    return { statusCode, code: codeForStatus(statusCode), message: httpExceptionMessage(exception) };
  }
  // A stopped or restarting database or Redis is temporary: 503, so clients and proxies retry.
  const dependency = unavailableDependency(exception);
  if (dependency) return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGES[dependency] };
  const httpLike = exception as HttpLikeError | undefined;
  const status = httpLike?.status ?? httpLike?.statusCode;
  // http-errors marks 4xx messages as safe to show (`expose`), Fastify's errors their FST_ code; anything else may hold internals.
  const safe = httpLike?.expose === true || /^FST_/.test(httpLike?.code ?? '');
  if (typeof status === 'number' && status >= 400 && status < 500 && safe && httpLike) {
    return { statusCode: status, code: codeForStatus(status), message: httpLike.message };
  }
  return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
}

const logger = new Logger('Exceptions');

/**
 * The one place where any thrown error becomes the API's `{ statusCode, code, message, details? }`:
 * for Nest's handlers (the filter below) and for Fastify's own errors and routes (its error handler).
 */
export function answerError(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorBody(bodyError(exception));
  const logged = { err: exception, reqId: request.id, method: request.method, url: loggedUrl(request.raw.url ?? '') };
  // Internals go to the log, tagged with the request id the client also sees; never to the client.
  if (body.code === 'SERVICE_UNAVAILABLE') logger.warn(logged, body.message);
  else if (body.statusCode >= 500) logger.error(logged, 'Unhandled error');
  if (reply.sent || reply.raw.headersSent) return;
  const retryAfter = body.statusCode === 503 ? RETRY_AFTER_SECONDS : exception instanceof AppError ? exception.retryAfterSeconds : undefined;
  if (retryAfter) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
  void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    answerError(exception, context.getRequest<FastifyRequest>(), context.getResponse<FastifyReply>());
  }
}
