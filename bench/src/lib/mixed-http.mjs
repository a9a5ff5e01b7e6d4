// The mixed bench's HTTP client: node:http on one keep-alive Agent. Not autocannon: it replays
// request templates and counts answers by status, while this bench picks each request from earlier
// answers (cursors, new posts) and checks every body. Not undici: a new dependency for little gain,
// since node:http costs tens of microseconds of CPU a request; the bench reports its own CPU time
// beside the figures, so what it took from the server's two cores is known.
import { once } from 'node:events';
import http from 'node:http';

/** An answer slower than this is given up and counted as a timeout. */
const REQUEST_TIMEOUT_MS = 10_000;
/** An idle socket is closed by us before Node's server drops it (its keep-alive timeout is 5 s), never reused as it closes. */
const IDLE_SOCKET_MS = 4_000;

export class ApiClient {
  constructor(baseUrl) {
    const { hostname, port } = new URL(baseUrl);
    this.hostname = hostname;
    this.port = port;
    this.agent = new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
  }

  /**
   * Sends one request and never rejects. Answers `{ status, headers, body, ms }`, `body` a Buffer and
   * `ms` from the first byte sent to the last received; or `{ status: 0, error, ms }` with error
   * 'timeout' or the socket's error code. `json` sends a JSON body, `form` a FormData as multipart.
   */
  async send({ method = 'GET', path, token, json, form }) {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    let payload;
    if (form) {
      // A Response serialises the form with its boundary exactly as fetch would send it.
      const encoded = new Response(form);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type');
    } else if (json !== undefined) {
      payload = Buffer.from(JSON.stringify(json));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);

    const started = performance.now();
    const request = http.request({ hostname: this.hostname, port: this.port, method, path, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS });
    request.on('timeout', () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'timeout' })));
    request.end(payload);
    try {
      // An error before the answer rejects `once`; one while the body streams ends the loop with it.
      const [response] = await once(request, 'response');
      const chunks = [];
      for await (const chunk of response) chunks.push(chunk);
      return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks), ms: performance.now() - started };
    } catch (error) {
      return { status: 0, error: error.code ?? error.message, ms: performance.now() - started };
    }
  }

  close() {
    this.agent.destroy();
  }
}

export const answered2xx = (answer) => answer.status >= 200 && answer.status < 300;

/** The body parsed as JSON, or undefined when it is not JSON. */
export function jsonBody(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A setup request's JSON body; throws with the request, status and body when it is not `expected`. */
export function expectStatus(answer, expected, what) {
  if (answer.status !== expected) {
    const detail = answer.error ?? answer.body.toString('utf8').slice(0, 500);
    throw new Error(`${what} answered ${answer.status || 'nothing'} (expected ${expected}): ${detail}`);
  }
  return jsonBody(answer);
}
