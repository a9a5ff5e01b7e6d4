// One measurement: a warm-up, then `duration` seconds of GETs on keep-alive connections.
import autocannon from 'autocannon';

export const WARM_UP_SECONDS = 2;

/**
 * autocannon's histogram keeps whole milliseconds, too coarse to compare a 2 ms p50 with a 3 ms
 * one, so the 2xx response times (fractional ms) are collected here and their percentiles taken
 * exactly. Requests per second is autocannon's (mean of the per-second counts).
 */
async function load({ url, headers, duration, connections, nextPath }) {
  const latencies = [];
  // nextPath: a new path for every request (autocannon calls setupRequest per request).
  const requests = nextPath ? [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] : undefined;
  const run = autocannon({ url, headers, duration, connections, requests });
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await run;
  return { result, latencies: Float64Array.from(latencies).sort() };
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** p50 and p99 in ms, requests/s, and every kind of failure autocannon counts. */
export async function measure({ url, headers = {}, durationSeconds, connections, nextPath }) {
  await load({ url, headers, duration: WARM_UP_SECONDS, connections, nextPath });
  const { result, latencies } = await load({ url, headers, duration: durationSeconds, connections, nextPath });
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** p50 and p99 over every round's samples, requests/s over the rounds' total time, failures summed. */
function combined(runs) {
  const latencies = Float64Array.from(runs.flatMap((run) => [...run.latencies])).sort();
  const sum = (value) => runs.reduce((total, run) => total + value(run.result), 0);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requestsPerSecond: sum((result) => result.requests.total) / sum((result) => result.duration),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
  };
}

/**
 * Several servers measured in turns: one warm-up each, then `rounds` rounds in which each gets
 * durationSeconds / rounds of the same load. A shared machine's speed drifts over minutes, so a
 * comparison of two servers measured one after the other for the whole time measures the drift
 * too; taking turns, both see the same machine. Answers each url's measure, in order.
 */
export async function measureInTurns({ urls, headers = {}, durationSeconds, rounds, connections, nextPath }) {
  for (const url of urls) await load({ url, headers, duration: WARM_UP_SECONDS, connections, nextPath });
  const runs = urls.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) {
      runs[index].push(await load({ url, headers, duration: durationSeconds / rounds, connections, nextPath }));
    }
  }
  return runs.map(combined);
}
