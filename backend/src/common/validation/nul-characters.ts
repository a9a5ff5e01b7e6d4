import type { FieldError } from '@atelier/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

/** PostgreSQL's text cannot hold U+0000: a query carrying one fails, so no field accepts it. */
export const NUL_MESSAGE = 'must not contain a NUL character';

/** Enough to show a client where; a body with thousands of such strings gets the first few. */
const MAX_REPORTED = 20;
const MAX_PATH_DEPTH = 8;

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/** `a.b.0.c`, cut after a few levels: a body nested thousands deep would give a path as long. */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  keys.reverse();
  return keys.length === 0 ? '(body)' : keys.length > MAX_PATH_DEPTH ? `${keys.slice(0, MAX_PATH_DEPTH).join('.')}.…` : keys.join('.');
}

/**
 * The fields of `value` (a parsed body or query) whose text holds a NUL character, as dotted paths.
 * Walks with a stack of parent links, not recursion: a body nested thousands deep must neither
 * overflow the call stack nor copy its path at every level. Buffers (an uploaded file's bytes) are
 * data, not text.
 */
export function nulCharacterFields(value: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: Visit[] = [{ value }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push({ field: pathOf(visit), message: NUL_MESSAGE });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      // Pushed last to first, so fields are reported in the order the body gives them.
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i][1], key: entries[i][0], parent: visit });
    }
  }
  return found;
}

/**
 * Refuses a URL whose path or query decodes to a NUL character (`%00`) before any route sees it:
 * route parameters (an admin's member lookup by email) reach the database without a body schema.
 */
export function refuseNulInUrls(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '';
    if (!url.includes('%00') && !url.includes('\u0000')) return done();
    done(new AppError('VALIDATION_FAILED', `Invalid input: (url) ${NUL_MESSAGE}`, [{ field: '(url)', message: NUL_MESSAGE }]));
  });
}
