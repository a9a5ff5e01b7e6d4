import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { REQUEST_ID_HEADER } from '@atelier/contracts';
import type { onRequestHookHandler } from 'fastify';
import pino, { type DestinationStream, type Logger as Pino, type LoggerOptions } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { AppLogger } from './app-logger';
import { loggedUrl } from './logged-url';
import { serializeError } from './error-serializer';
import { prettyDestination } from './pretty-logs';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

const CLIENT_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Keeps a sane id a proxy or client sent (so logs join up across hops), else makes one. Fastify's `genReqId`. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The one pino every log line goes through: JSON lines, or with LOG_FORMAT=pretty lines for people
 * (coloured on a terminal). `destination` is stdout unless a test gives one.
 */
export function createRootLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, destination?: DestinationStream): Pino {
  const options: LoggerOptions = { level: config.logLevel, serializers: { err: serializeError } };
  if (config.logFormat === 'pretty') {
    const colorize = !destination && process.stdout.isTTY === true && !process.env.NO_COLOR;
    return pino(options, prettyDestination(destination ?? process.stdout, colorize));
  }
  return destination ? pino(options, destination) : pino(options);
}

const API_PATHS = /^\/(api|express|fastapi)(\/|\?|$)/;

/**
 * An onRequest hook: echoes the request's id (from `requestIdFor`) in X-Request-Id and writes one
 * JSON line per API request when it ends; errors logged by the exception filter carry the same id.
 * Deliberately small: binding a child logger to each request (pino-http), let alone through
 * AsyncLocalStorage (nestjs-pino), cost a quarter of the feed's throughput, and nothing here logs
 * per request but this line.
 */
export function requestLogging(logger: Pino): onRequestHookHandler {
  return (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Registered first, so `url` is still the one the client sent.
    const { method, url: sent = '' } = request.raw;
    if (!API_PATHS.test(sent)) return done(); // static files and the SPA are not worth a line each
    const url = loggedUrl(sent);
    const started = performance.now();
    const response = reply.raw;
    const line = (level: 'info' | 'warn' | 'error', msg: string) => {
      if (!logger.isLevelEnabled(level)) return;
      const remoteAddress = request.raw.socket.remoteAddress;
      const responseTime = Math.round(performance.now() - started);
      logger[level]({ reqId: request.id, req: { method, url, remoteAddress }, res: { statusCode: response.statusCode }, responseTime }, msg);
    };
    // 'close' follows 'finish' on every answer, and comes alone when the client went away first.
    response.once('close', () => {
      if (!response.writableFinished) return line('warn', 'request aborted');
      const status = response.statusCode;
      line(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'request completed');
    });
    done();
  };
}

/** Structured JSON logs (pino) for Nest's own logger and every feature's `new Logger(...)`. */
@Global()
@Module({})
export class LoggingModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        { provide: ROOT_LOGGER, useFactory: () => createRootLogger(config) },
        { provide: AppLogger, inject: [ROOT_LOGGER], useFactory: (root: Pino) => new AppLogger(root) },
      ],
      exports: [ROOT_LOGGER, AppLogger],
    };
  }
}
