// Requests sent without pause to running API processes while their PostgreSQL or Redis is stopped
// and started again, and the judgement of every answer: during the outage a route that needs the
// missing service answers 503 with the API's JSON error body, at once; after it, 2xx again, from
// the same processes.
import { call } from './fault-writes.mjs';
import { GUEST } from './members.mjs';

/** An answer slower than this during an outage counts as a hang. */
export const HANG_MS = 5_000;
/** A generation start while Redis is down must be refused at once, not after waiting on the queue. */
const QUEUE_REFUSAL_MS = 1_500;
const PROBE_TIMEOUT_MS = 15_000;

/** Read, sign-in and generation routes, each with the services it cannot answer without. */
function probes({ member, other, jobId }) {
  const auth = { token: member.token };
  return [
    { name: 'health', needs: ['database'], send: (api) => call(api, 'GET', '/health', { timeoutMs: PROBE_TIMEOUT_MS }) },
    { name: 'feed', needs: ['database'], send: (api) => call(api, 'GET', '/posts', { ...auth, timeoutMs: PROBE_TIMEOUT_MS }) },
    { name: 'profile', needs: ['database'], send: (api) => call(api, 'GET', `/users/${other.id}`, { ...auth, timeoutMs: PROBE_TIMEOUT_MS }) },
    { name: 'login', needs: ['database'], send: (api) => call(api, 'POST', '/auth/login', { json: GUEST, timeoutMs: PROBE_TIMEOUT_MS }) },
    { name: 'job-status', needs: ['database'], send: (api) => call(api, 'GET', `/job-status/${jobId}`, { timeoutMs: PROBE_TIMEOUT_MS }) },
    {
      name: 'start-dream',
      needs: ['database', 'queue'],
      send: (api) => call(api, 'POST', '/start-dream', { json: { mode: 'daydream' }, timeoutMs: PROBE_TIMEOUT_MS }),
    },
    // Bot Folk is pure computation: it must not notice either outage.
    { name: 'pyface', needs: [], send: (api) => call(api, 'GET', '/pyface?seed=7', { timeoutMs: PROBE_TIMEOUT_MS }) },
  ];
}

/**
 * `loops` loops send the probes in turn, each to the next API process, until stopped. Every answer
 * goes to `record` with when it was sent.
 */
export function startProbes({ apis, member, other, jobId, loops = 3, record }) {
  const list = probes({ member, other, jobId });
  let next = 0;
  let stopped = false;
  const running = Array.from({ length: loops }, async () => {
    while (!stopped) {
      const turn = next++;
      const probe = list[turn % list.length];
      const api = apis[turn % apis.length];
      const sentAt = performance.now();
      const answer = await probe.send(api);
      record({ ...answer, api, sentAt, probe: probe.name, needs: probe.needs });
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(running);
  };
}

/** A 503 that says so in the API's terms: the error body, or (health) the degraded report. */
function isUnavailableAnswer(answer) {
  if (answer.status !== 503 || !answer.isJson) return false;
  if (answer.probe === 'health') return answer.body?.database?.ok === false;
  return answer.body?.statusCode === 503 && answer.body?.code === 'SERVICE_UNAVAILABLE' && typeof answer.body?.message === 'string';
}

const isOk = (answer) => typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300;

/**
 * What an answer sent during an outage of `dependency` says: `ok`, `unavailable` (a proper 503), or
 * a problem. A route that needs the missing service may still answer 2xx from a cache.
 */
export function judgeDuringOutage(answer, dependency) {
  if (typeof answer.status !== 'number') return `no answer (${answer.status})`;
  const limitMs = dependency === 'queue' && answer.needs.includes('queue') ? QUEUE_REFUSAL_MS : HANG_MS;
  if (answer.ms > limitMs) return `slow: ${Math.round(answer.ms)} ms`;
  if (isOk(answer)) return 'ok';
  if (answer.needs.includes(dependency) && isUnavailableAnswer(answer)) return 'unavailable';
  return `status ${answer.status}${answer.isJson ? ` ${answer.body?.code ?? ''}` : ' (not JSON)'}`;
}

/**
 * When each API process answered everything again: the time from the service's return to the
 * first answer after which every answer from that process was 2xx. Undefined if it never did.
 */
export function recoveryTimes(answers, apis, backAt) {
  return apis.map((api) => {
    const after = answers.filter((answer) => answer.api === api && answer.sentAt >= backAt).sort((a, b) => a.sentAt - b.sentAt);
    const lastBad = after.findLastIndex((answer) => !isOk(answer));
    if (lastBad === after.length - 1) return undefined;
    const firstGood = after[lastBad + 1];
    return Math.max(0, firstGood.sentAt - backAt);
  });
}

/** Counts of values, as `value × n` text sorted by count. */
export function tally(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([value, n]) => `${value} ×${n}`)
    .join(', ');
}
