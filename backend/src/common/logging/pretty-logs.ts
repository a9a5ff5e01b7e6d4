import type { DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** An error as serializeError writes it. */
interface LoggedError {
  message?: string;
  stack?: string;
  statement?: string;
  cause?: LoggedError;
}

interface LogLine {
  msg?: string;
  context?: string;
  err?: LoggedError;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [field: string]: unknown;
}

/** Fields every line has, or that the formatted line already says. */
const SAID = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'context', 'err', 'reqId', 'req', 'res', 'responseTime']);

/** Words for the fields of the start-up line; any other field shows under its own name. */
const LABELS: Record<string, string> = {
  adminTokenFile: 'admin token',
  dataDir: 'data',
  databaseDriver: 'database',
  cliLogin: 'the CLI',
};

const indent = (text: string) => text.replace(/^/gm, '    ');

function errorText(error: LoggedError, depth = 0): string {
  const own = [error.stack ?? error.message ?? 'unknown error', error.statement && `statement: ${error.statement}`].filter(Boolean).join('\n');
  return error.cause && depth < 5 ? `${own}\ncaused by ${errorText(error.cause, depth + 1)}` : own;
}

/**
 * One log line for a person: `[context] message`, a request as `GET /api/posts 200 in 3 ms`, the
 * line's own fields below it as `label: value`, and an error's stack and causes.
 */
export function formatForPeople(log: LogLine): string {
  const { req, res } = log;
  const message =
    req && res
      ? `${req.method} ${req.url} ${res.statusCode} in ${log.responseTime} ms${log.msg === 'request aborted' ? ', abandoned by the client' : ''}`
      : (log.msg ?? '');
  const fields = Object.entries(log)
    // The start-up line's url is in its message already.
    .filter(([key, value]) => !SAID.has(key) && value !== undefined && !(typeof value === 'string' && message.includes(value)))
    .map(([key, value]) => `\n    ${LABELS[key] ?? key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const error = log.err ? `\n${indent(errorText(log.err))}` : '';
  return `${log.context ? `[${log.context}] ` : ''}${message}${fields.join('')}${error}`;
}

/**
 * LOG_FORMAT=pretty: pino-pretty's time and coloured level, then formatForPeople. It runs in this
 * process and writes each line as it comes (a terminal, not a collector, reads these).
 */
export function prettyDestination(out: { write(text: string): unknown }, colorize: boolean): DestinationStream {
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    hideObject: true, // formatForPeople shows the fields, errors included
    messageFormat: (log) => formatForPeople(log as LogLine),
  });
  return { write: (line: string) => void out.write(prettify(line)) };
}
