// What the mixed bench measured, per route: how many requests, their latencies (fractional ms, exact
// percentiles as lib/load.mjs takes them) and every way one failed, with a few examples of each.
import { percentile } from './load.mjs';

/** Examples kept per route and kind of failure: enough to see what went wrong, not a log. */
export const EXAMPLES_PER_KIND = 3;

export const FAILURE_KINDS = ['non-2xx', 'wrong answer', 'socket error', 'timeout'];

function failureKind(answer, problem) {
  if (answer.error === 'timeout') return 'timeout';
  if (answer.error) return 'socket error';
  if (answer.status < 200 || answer.status >= 300) return 'non-2xx';
  return problem ? 'wrong answer' : undefined;
}

function emptyGroup() {
  return { requests: 0, latencies: [], failures: Object.fromEntries(FAILURE_KINDS.map((kind) => [kind, 0])) };
}

function describe(name, group, seconds) {
  const sorted = Float64Array.from(group.latencies).sort();
  const failed = FAILURE_KINDS.reduce((sum, kind) => sum + group.failures[kind], 0);
  return {
    name,
    requests: group.requests,
    requestsPerSecond: group.requests / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures: group.failures,
    failed,
  };
}

/** `routes`: `{ route, kind }` in the order the table lists them; kind is 'read' or 'write'. */
export class RouteStats {
  constructor(routes) {
    this.routes = routes;
    this.groups = new Map(routes.map(({ route }) => [route, emptyGroup()]));
    this.examples = [];
  }

  /**
   * One answer of `route`. Latencies are kept for every answered 2xx, a wrong body included (the
   * server did the work); `problem` says what was wrong with a 2xx body.
   */
  record(route, answer, problem) {
    const group = this.groups.get(route);
    group.requests += 1;
    if (!answer.error && answer.status >= 200 && answer.status < 300) group.latencies.push(answer.ms);
    const kind = failureKind(answer, problem);
    if (!kind) return;
    group.failures[kind] += 1;
    const seen = this.examples.filter((example) => example.route === route && example.kind === kind).length;
    if (seen < EXAMPLES_PER_KIND) {
      const detail = problem ?? answer.error ?? answer.body.toString('utf8').slice(0, 300);
      this.examples.push({ route, kind, status: answer.status, detail });
    }
  }

  /** Per route in table order, then all reads, all writes and every request, over `seconds`. */
  summary(seconds) {
    const merged = (routes) => {
      const all = emptyGroup();
      for (const { route } of routes) {
        const group = this.groups.get(route);
        all.requests += group.requests;
        all.latencies = all.latencies.concat(group.latencies); // not push(...): too many arguments for a long run
        for (const kind of FAILURE_KINDS) all.failures[kind] += group.failures[kind];
      }
      return all;
    };
    const ofKind = (kind) => this.routes.filter((route) => route.kind === kind);
    return {
      routes: this.routes.map(({ route }) => describe(route, this.groups.get(route), seconds)),
      reads: describe('all reads', merged(ofKind('read')), seconds),
      writes: describe('all writes', merged(ofKind('write')), seconds),
      all: describe('all requests', merged(this.routes), seconds),
      examples: this.examples,
    };
  }
}
