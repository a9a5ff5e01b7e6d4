// The load's verdict on the HTTP side, and the markdown the runner prints.

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const statusList = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

/**
 * Any 5xx or socket error fails the run. No 4xx is expected either: every request is well formed,
 * by a member who may make it, on a post or member that exists (nothing is deleted).
 */
export function httpChecks(traffic) {
  const serverErrors = [];
  const clientErrors = [];
  for (const route of traffic.routes) {
    for (const [status, count] of Object.entries(route.statuses)) {
      if (status.startsWith('error') || Number(status) >= 500) serverErrors.push(`${route.route}: ${status} x${count}`);
      else if (Number(status) >= 400) clientErrors.push(`${route.route}: ${status} x${count}`);
    }
  }
  const examples = traffic.problems.map((problem) => `${problem.route} ${problem.outcome} ${problem.body}`);
  const verdict = (name, problems, detail) => ({
    name,
    ok: problems.length === 0,
    detail: problems.length ? `${problems.join('; ')}${examples.length ? ` | e.g. ${examples.slice(0, 3).join(' | ')}` : ''}` : detail,
  });
  return [
    verdict('no 5xx and no socket error or timeout', serverErrors, `${traffic.all.count} requests`),
    verdict('no 4xx (none is expected)', clientErrors, 'none'),
  ];
}

/** Markdown lines for one setup's summary. */
export function summaryLines(summary) {
  const lines = [];
  const { latency } = summary;
  lines.push(`### Load, setup ${summary.setup}: ${summary.ok ? 'PASS' : 'FAIL'}`, '');
  lines.push(
    `${summary.readers.signedIn + summary.readers.anonymous} readers (${summary.readers.signedIn} signed in, ${summary.readers.anonymous} anonymous) and ${summary.writers} writers ` +
      `for ${summary.durationSeconds.toFixed(1)} s over ${summary.processes} process(es); ${summary.totalRequests} requests, ` +
      `**${summary.requestsPerSecond.toFixed(0)} requests/s**. ` +
      (summary.connectSeconds === undefined
        ? 'Clients connected inside the measured window (cold start). '
        : `The ${summary.readers.signedIn + summary.readers.anonymous + summary.writers} client connections opened in ${summary.connectSeconds.toFixed(1)} s before it. `) +
      `Raised limits: ${summary.raisedLimits}.`,
    '',
  );
  lines.push('| requests | count | per s | p50 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|---:|');
  for (const [label, group] of [['all', latency.all], ['reads', latency.read], ['writes', latency.write]]) {
    lines.push(`| ${label} | ${group.count} | ${(group.count / summary.durationSeconds).toFixed(0)} | ${ms(group.p50Ms)} | ${ms(group.p99Ms)} | ${ms(group.maxMs)} |`);
  }
  lines.push('', `Status counts: ${statusList(summary.statuses)}.`, '');
  const written = summary.acknowledged;
  lines.push(
    `Acknowledged writes: ${written.posts} posts (${written.postsWithPicture} with a picture), ${written.comments} comments, ` +
      `${written.likeToggles} like toggles, ${written.friendToggles} friend toggles.`,
    '',
  );
  lines.push('| route | requests | p50 ms | p99 ms | statuses |', '|---|---:|---:|---:|---|');
  for (const route of summary.routes) lines.push(`| ${route.route} | ${route.count} | ${ms(route.p50Ms)} | ${ms(route.p99Ms)} | ${statusList(route.statuses)} |`);
  lines.push('', '| check | verdict | detail |', '|---|---|---|');
  for (const entry of summary.checks) lines.push(`| ${entry.name} | ${entry.ok ? 'ok' : '**FAIL**'} | ${entry.detail.replaceAll('|', '\\|')} |`);
  lines.push('');
  return lines;
}
