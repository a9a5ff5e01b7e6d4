import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { REQUEST_ID_HEADER } from '@atelier/contracts';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config';

const CLIENT_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Keeps a sane id a proxy or client sent (so logs join up across hops), else makes one. */
export function requestIdFor(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Structured JSON logs (pino), one line per request, each tagged with its request id. */
@Module({})
export class LoggingModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            genReqId: requestIdFor,
            // One short line per request; headers (tokens, cookies) never reach the log.
            serializers: {
              req: (request: { id: string; method: string; url: string; remoteAddress?: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url,
                remoteAddress: request.remoteAddress,
              }),
              res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
            },
            // Static files and the SPA are not worth a line each; API calls are.
            autoLogging: { ignore: (request) => !(request.url ?? '').startsWith('/api') },
            customLogLevel: (_request, response, error) =>
              error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
            transport:
              config.logFormat === 'pretty'
                ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } }
                : undefined,
          },
        }),
      ],
    };
  }
}
