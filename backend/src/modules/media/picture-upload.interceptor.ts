import { CallHandler, ExecutionContext, Inject, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { AppError } from '../../common/errors/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';

const MiB = 1024 * 1024;
const formatBytes = (bytes: number) =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes.toLocaleString('en-US')} bytes`;

function uploadError(error: unknown, field: string, maxBytes: number): AppError {
  if (error instanceof MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError('PAYLOAD_TOO_LARGE', `The ${field} is larger than ${formatBytes(maxBytes)}`, [
          { field, message: `must be at most ${formatBytes(maxBytes)}` },
        ]);
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return new AppError('VALIDATION_FAILED', `Send one file, in the "${field}" field`, [
          { field: error.field ?? field, message: 'is not an accepted file field' },
        ]);
      default:
        return new AppError('VALIDATION_FAILED', `The form has too many or too large fields (${error.code})`);
    }
  }
  return new AppError('VALIDATION_FAILED', malformedFormMessage(error));
}

/** The form parser's own errors, said for a person (its wording would name the parser). */
function malformedFormMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : '';
  if (reason === 'Malformed part header') {
    return 'The multipart form data is malformed: a part header could not be read (a file name with control characters?)';
  }
  if (/^Unexpected end of (form|file)$/.test(reason)) return 'The multipart form data is malformed: it ends early, as if the upload was cut off';
  return 'The multipart form data is malformed';
}

/**
 * Reads a multipart form with at most one file, `field`, kept in memory up to UPLOAD_MAX_BYTES.
 * Nothing is written to disk here: the file is checked and re-encoded before anything is stored.
 */
export function PictureUpload(field: string): Type<NestInterceptor> {
  @Injectable()
  class PictureUploadInterceptor implements NestInterceptor {
    private readonly parse: ReturnType<ReturnType<typeof multer>['single']>;

    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
      this.parse = multer({
        storage: multer.memoryStorage(),
        // Keep the client's name whole, so a name with path characters is seen and refused.
        preservePath: true,
        // Browsers send file names as raw UTF-8; read as Latin-1 (the default) a name grows and garbles.
        defParamCharset: 'utf8',
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 24 },
      }).single(field);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<FastifyRequest & { file?: unknown }>();
      // multer reads the Node request, whose body the multipart parser (registerBodyParsers) left unread.
      const raw = request.raw as typeof request.raw & { body?: unknown; file?: unknown };
      await new Promise<void>((resolve, reject) =>
        this.parse(raw as never, http.getResponse<FastifyReply>().raw as never, (error?: unknown) =>
          error ? reject(uploadError(error, field, this.config.uploadMaxBytes)) : resolve(),
        ),
      );
      if (raw.body !== undefined) request.body = { ...(raw.body as object) };
      request.file = raw.file; // where @UploadedFile() looks
      return next.handle();
    }
  }
  return mixin(PictureUploadInterceptor);
}
