// The load's HTTP client: keep-alive connections to each API process, requests spread over them by
// round robin, and every answer recorded (route, status, latency) for the report.
import http from 'node:http';
import * as hdr from 'hdr-histogram-js';

/** A request slower than this is given up and counted as an error: nothing legitimate takes that long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Below the server's 5 s keep-alive timeout, so we never reuse a socket the server is closing. */
const IDLE_SOCKET_MS = 4_000;

/** Latencies in microseconds, 3 significant digits, up to the request timeout. */
function newHistogram() {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: REQUEST_TIMEOUT_MS * 2_000, numberOfSignificantValueDigits: 3 });
}

/** What one group of requests looked like: count, percentiles in ms, statuses. */
function describeGroup(group) {
  const ms = (percentile) => group.histogram.getValueAtPercentile(percentile) / 1000;
  return {
    count: group.count,
    p50Ms: group.histogram.totalCount ? ms(50) : NaN,
    p99Ms: group.histogram.totalCount ? ms(99) : NaN,
    maxMs: group.histogram.totalCount ? group.histogram.maxValue / 1000 : NaN,
    statuses: Object.fromEntries([...group.statuses].sort(([a], [b]) => String(a).localeCompare(String(b)))),
  };
}

/**
 * Counts every request by route and by class (read or write), with one latency histogram each.
 * Failures (5xx, socket errors, timeouts) and 4xx keep a few examples, so the report can show them.
 */
export class RequestRecorder {
  groups = new Map();
  problems = [];

  group(name) {
    let group = this.groups.get(name);
    if (!group) {
      group = { count: 0, histogram: newHistogram(), statuses: new Map() };
      this.groups.set(name, group);
    }
    return group;
  }

  record({ route, kind, status, latencyMs, error, body }) {
    const outcome = error ? `error ${error}` : status;
    for (const name of ['all', kind, `${kind} ${route}`]) {
      const group = this.group(name);
      group.count += 1;
      group.histogram.recordValue(Math.max(1, Math.round(latencyMs * 1000)));
      group.statuses.set(outcome, (group.statuses.get(outcome) ?? 0) + 1);
    }
    if (error || status >= 400) {
      const sameRoute = this.problems.filter((problem) => problem.route === route && problem.outcome === outcome).length;
      if (sameRoute < 3) this.problems.push({ route, outcome, body: String(body ?? '').slice(0, 300) });
    }
  }

  /** Requests completed so far (for progress lines). */
  get total() {
    return this.groups.get('all')?.count ?? 0;
  }

  summary() {
    const routes = [...this.groups.entries()]
      .filter(([name]) => name.includes(' '))
      .map(([name, group]) => ({ route: name, ...describeGroup(group) }))
      .sort((a, b) => a.route.localeCompare(b.route));
    const get = (name) => describeGroup(this.groups.get(name) ?? { count: 0, histogram: newHistogram(), statuses: new Map() });
    return { all: get('all'), read: get('read'), write: get('write'), routes, problems: this.problems };
  }
}

/** One keep-alive pool per API process; `request` picks the next process in turn unless told which. */
export class LoadClient {
  constructor(baseUrls, recorder) {
    this.targets = baseUrls.map((baseUrl) => ({
      url: new URL(baseUrl),
      agent: new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_SOCKET_MS }),
    }));
    this.recorder = recorder;
    this.turn = 0;
  }

  /** The process index the next round-robin request goes to. */
  nextTarget() {
    const index = this.turn % this.targets.length;
    this.turn += 1;
    return index;
  }

  /** Another process than `index` (the same one when there is only one). */
  otherTarget(index) {
    return (index + 1) % this.targets.length;
  }

  /**
   * Sends one request and records it. Answers `{ status, headers, body, target }`, with status 0
   * and `error` set when no answer came (socket error or timeout). `json` sends a JSON body;
   * `form` a FormData. `newConnection` opens (and then closes) a socket of its own, as a new
   * visitor would; `recorder` counts the request elsewhere than the load's own numbers.
   */
  async request({ method = 'GET', path, route, kind, token, json, form, target = this.nextTarget(), newConnection = false, recorder = this.recorder }) {
    const headers = newConnection ? { connection: 'close' } : {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload;
    if (json !== undefined) {
      payload = Buffer.from(JSON.stringify(json));
      headers['content-type'] = 'application/json';
    } else if (form) {
      // Serialising through a Request gives the multipart body and its boundary, as fetch would send.
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type');
    }
    if (payload) headers['content-length'] = String(payload.length);

    const { url, agent } = this.targets[target];
    const started = performance.now();
    const answer = await new Promise((resolve) => {
      const outgoing = http.request(
        { host: url.hostname, port: url.port, method, path, headers, agent: newConnection ? false : agent, timeout: REQUEST_TIMEOUT_MS },
        (incoming) => {
          const chunks = [];
          incoming.on('data', (chunk) => chunks.push(chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode, headers: incoming.headers, body: Buffer.concat(chunks) }));
          incoming.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      outgoing.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
      outgoing.end(payload);
    });
    const latencyMs = performance.now() - started;
    recorder.record({ route, kind, status: answer.status, latencyMs, error: answer.error, body: answer.body });
    return { ...answer, target };
  }

  close() {
    for (const { agent } of this.targets) agent.destroy();
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export const isAcknowledged = (answer) => answer.status >= 200 && answer.status < 300;
