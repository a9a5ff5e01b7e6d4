import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ErrorBody, ErrorCode } from '@atelier/contracts';
import type { Request, Response } from 'express';
import { AppError, STATUS_BY_CODE } from '../errors/app-error';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/** Errors from Express middleware carry an http-errors status but are not HttpExceptions. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message: string;
}

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
  const httpLike = exception as HttpLikeError | undefined;
  const status = httpLike?.status ?? httpLike?.statusCode;
  // http-errors marks 4xx messages as safe to show (`expose`); anything else may hold internals.
  if (typeof status === 'number' && status >= 400 && status < 500 && httpLike?.expose === true) {
    return { statusCode: status, code: codeForStatus(status), message: httpLike.message };
  }
  return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
}

/** The one place where any thrown error becomes the API's `{ statusCode, code, message, details? }`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request & { id?: string }>();
    const response = context.getResponse<Response>();
    const body = toErrorBody(exception);

    if (body.statusCode >= 500) {
      // Internals go to the log, tagged with the request id the client also sees; never to the client.
      this.logger.error(
        { err: exception, reqId: request.id, method: request.method, url: request.originalUrl },
        'Unhandled error',
      );
    }
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
