import type { LoggerService } from '@nestjs/common';
import type { Logger as Pino } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's own start-up narration: a line per module loaded, per controller and per route mapped
 * (over a hundred "Mapped {/api/…, GET} route" lines), "starting", "started". Written at debug
 * (LOG_LEVEL=debug shows them), so that at info a start says what the owner needs.
 */
const BOOT_NARRATION = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * Nest's logger calls, written by pino. Nest appends the logger's context (its class name) as the
 * last argument; an object first argument becomes fields of the line, as with pino itself:
 * `logger.warn({ err, fileName }, 'Could not remove a stored image')`.
 */
export class AppLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }

  private write(asked: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const level = asked === 'info' && context !== undefined && BOOT_NARRATION.has(context) ? 'debug' : asked;
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const [text] = rest;
      this.pino[level]({ ...fields, ...message }, typeof text === 'string' ? text : undefined);
    } else {
      // Nest's error(message, stack, context) form.
      const [stack] = rest;
      if (level === 'error' && typeof stack === 'string') fields.stack = stack;
      this.pino[level](fields, String(message));
    }
  }
}
