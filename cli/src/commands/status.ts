import type { HealthResponse } from '@atelier/contracts';
import type { ApiClient } from '../api-client';
import { CliError } from '../cli-error';
import { printResult, renderRecord, type Cell } from '../output';

export interface StatusOptions {
  json?: boolean;
}

/** `atelier status`: is the API up, and does its database answer? */
export async function status(client: ApiClient, options: StatusOptions): Promise<void> {
  // A degraded API answers 503 with the same report: that is an answer to show, not a failure to hide.
  const { status: httpStatus, body } = await client.get<unknown>('/health', { acceptStatuses: [503] });
  if (!isHealthResponse(body)) {
    throw new CliError(
      `${client.url('/health')} answered HTTP ${httpStatus} but not with an Atelier health report; is ${client.baseUrl} an Atelier site?`,
    );
  }
  printResult(body, options, () => renderStatus(client.baseUrl, body));
  if (body.status !== 'ok') {
    throw new CliError(
      `the API at ${client.baseUrl} is up, but its ${body.database.driver} database is not answering (status: ${body.status})`,
    );
  }
}

export function renderStatus(apiUrl: string, health: HealthResponse): string {
  const { database } = health;
  const rows: Array<[string, Cell]> = [
    ['API URL', apiUrl],
    ['Status', health.status],
    ['Version', health.version],
    ['Uptime', formatUptime(health.uptimeSeconds)],
    ['Database driver', database.driver],
    ['Database answers', database.ok ? 'yes' : 'no'],
    ['Database latency', database.latencyMs === null ? '-' : `${database.latencyMs} ms`],
  ];
  if (database.error) rows.push(['Database error', database.error]);
  return renderRecord(rows);
}

/** The two largest units are precise enough: `42 s`, `5 min 3 s`, `3 h 12 min`, `2 d 4 h`. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const [d, h, m, s] = [Math.floor(seconds / 86_400), Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60];
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}

function isHealthResponse(value: unknown): value is HealthResponse {
  if (typeof value !== 'object' || value === null) return false;
  const health = value as Partial<HealthResponse>;
  return (
    (health.status === 'ok' || health.status === 'degraded') &&
    typeof health.version === 'string' &&
    typeof health.uptimeSeconds === 'number' &&
    typeof health.database === 'object' &&
    health.database !== null &&
    typeof health.database.driver === 'string' &&
    typeof health.database.ok === 'boolean'
  );
}
