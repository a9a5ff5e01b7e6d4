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

function uploadError(error: unknown, fields: readonly string[], maxBytes: number): AppError {
  if (error instanceof MulterError) {
    const field = error.field ?? fields[0];
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError('PAYLOAD_TOO_LARGE', `The ${field} is larger than ${formatBytes(maxBytes)}`, [
          { field, message: `must be at most ${formatBytes(maxBytes)}` },
        ]);
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return new AppError('VALIDATION_FAILED', `Send ${oneFileIn(fields)}`, [{ field, message: 'is not an accepted file field' }]);
      default:
        return new AppError('VALIDATION_FAILED', `The form has too many or too large fields (${error.code})`);
    }
  }
  return new AppError('VALIDATION_FAILED', malformedFormMessage(error));
}

/** 'one file, in the "picture" field', 'one file in each of the "video" and "picture" fields' */
const oneFileIn = (fields: readonly string[]) =>
  fields.length === 1 ? `one file, in the "${fields[0]}" field` : `one file in each of the ${fields.map((name) => `"${name}"`).join(' and ')} fields`;

/** The form parser's own errors, said for a person (its wording would name the parser). */
function malformedFormMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : '';
  if (reason === 'Malformed part header') {
    return 'The multipart form data is malformed: a part header could not be read (a file name with control characters?)';
  }
  if (/^Unexpected end of (form|file)$/.test(reason)) return 'The multipart form data is malformed: it ends early, as if the upload was cut off';
  return 'The multipart form data is malformed';
}

/** The files of an upload form by field, one each (what @UploadedFiles() gives a FileUpload route). */
export type UploadForm<F extends string> = Partial<Record<F, Express.Multer.File[]>>;

/**
 * Reads a multipart form with at most one file in each of `fields`, kept in memory up to
 * `maxBytes(config)` each. Nothing is written to disk here: the files are checked (and pictures
 * re-encoded) before anything is stored. The first field's file is also @UploadedFile()'s.
 */
export function FileUpload(fields: readonly string[], maxBytes: (config: AppConfig) => number): Type<NestInterceptor> {
  @Injectable()
  class FileUploadInterceptor implements NestInterceptor {
    private readonly parse: ReturnType<ReturnType<typeof multer>['fields']>;
    private readonly maxBytes: number;

    constructor(@Inject(APP_CONFIG) config: AppConfig) {
      this.maxBytes = maxBytes(config);
      this.parse = multer({
        storage: multer.memoryStorage(),
        // Keep the client's name whole, so a name with path characters is seen and refused.
        preservePath: true,
        // Browsers send file names as raw UTF-8; read as Latin-1 (the default) a name grows and garbles.
        defParamCharset: 'utf8',
        limits: { fileSize: this.maxBytes, files: fields.length, fields: 20, fieldSize: 64 * 1024, parts: 24 },
      }).fields(fields.map((name) => ({ name, maxCount: 1 })));
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<FastifyRequest & { file?: unknown; files?: unknown }>();
      // multer reads the Node request, whose body the multipart parser (registerBodyParsers) left unread.
      const raw = request.raw as typeof request.raw & { body?: unknown; files?: UploadForm<string> };
      await new Promise<void>((resolve, reject) =>
        this.parse(raw as never, http.getResponse<FastifyReply>().raw as never, (error?: unknown) =>
          error ? reject(uploadError(error, fields, this.maxBytes)) : resolve(),
        ),
      );
      if (raw.body !== undefined) request.body = { ...(raw.body as object) };
      // Where @UploadedFiles() and @UploadedFile() look.
      request.files = raw.files ?? {};
      request.file = raw.files?.[fields[0]]?.[0];
      return next.handle();
    }
  }
  return mixin(FileUploadInterceptor);
}

/** A form with one picture, `field`, up to UPLOAD_MAX_BYTES. */
export const PictureUpload = (field: string): Type<NestInterceptor> => FileUpload([field], (config) => config.uploadMaxBytes);
