import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** Queries run back to back for at most this long before the event loop gets a turn. */
export const QUERY_SLICE_MS = 10;

/** The client methods that run SQL; each call is one statement, batch or whole transaction. */
const RUNS_SQL = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * PGlite runs each query on this thread, and its own queue hands over to the next query in a
 * microtask: under load a backlog of queries ran in one event-loop turn (~300 ms), and Node accepts
 * one new connection per turn, so a newcomer waited 13–40 s. Here queries (and transactions, whole)
 * run in order, one at a time, and after QUERY_SLICE_MS of them the event loop gets a turn, in which
 * sockets are accepted and read. A turn after every query would cost about a quarter of throughput.
 */
export function queriesInSlices(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  let sliceStarted = performance.now();
  const inSlice = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(async () => {
      if (performance.now() - sliceStarted >= QUERY_SLICE_MS) {
        await nextTurn();
        sliceStarted = performance.now();
      }
      return run();
    });
    last = result.catch(() => undefined); // a failed query is its caller's; the next one still runs
    return result;
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!RUNS_SQL.has(property)) return method.bind(target);
      return (...args: unknown[]) => inSlice(() => method.apply(target, args) as Promise<unknown>);
    },
  });
}
