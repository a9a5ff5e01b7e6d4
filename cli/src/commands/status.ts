import type { HealthResponse, JobsSummary } from '@atelier/contracts';
import type { ApiClient } from '../api-client';
import { CliError } from '../cli-error';
import { printResult, renderRecord, type Cell } from '../output';

export interface StatusOptions {
  json?: boolean;
}

/** The generation side, which only the admin API shows: dispatcher, GPU workers, jobs per status. */
export interface GenerationStatus {
  dispatcher: JobsSummary['dispatcher'];
  consumer: boolean;
  workers: { total: number; enabled: number; healthy: number };
  jobs: JobsSummary['counts'];
}

async function generationStatus(admin: ApiClient): Promise<GenerationStatus> {
  const [{ body: summary }, { body: workers }] = await Promise.all([
    admin.get('/admin/jobs/summary'),
    admin.get('/admin/workers'),
  ]);
  return {
    dispatcher: summary.dispatcher,
    consumer: summary.consumer,
    workers: {
      total: workers.length,
      enabled: workers.filter((worker) => worker.enabled).length,
      healthy: workers.filter((worker) => worker.enabled && worker.health === 'healthy').length,
    },
    jobs: summary.counts,
  };
}

/**
 * `atelier status`: is the API up, and does its database answer? With the admin token (`admin`),
 * also the job queue, the GPU workers and the jobs of each status.
 */
export async function status(client: ApiClient, options: StatusOptions, admin?: ApiClient): Promise<void> {
  // A degraded API answers 503 with the same report: that is an answer to show, not a failure to hide.
  const { status: httpStatus, body } = await client.get('/health', { acceptStatuses: [503] });
  if (!isHealthResponse(body)) {
    throw new CliError(
      `${client.url('/health')} answered HTTP ${httpStatus} but not with an Atelier health report; is ${client.baseUrl} an Atelier site?`,
    );
  }
  const generation = admin && body.status === 'ok' ? await generationStatus(admin) : undefined;
  printResult(generation ? { ...body, generation } : body, options, () => renderStatus(client.baseUrl, body, generation, admin !== undefined));
  if (body.status !== 'ok') {
    throw new CliError(
      `the API at ${client.baseUrl} is up, but its ${body.database.driver} database is not answering (status: ${body.status})`,
    );
  }
}

export function renderStatus(apiUrl: string, health: HealthResponse, generation?: GenerationStatus, hasToken = true): string {
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
  if (generation) {
    const { workers, jobs } = generation;
    rows.push(
      ['Job queue', generation.dispatcher === 'bullmq' ? 'BullMQ on Redis' : 'in-process'],
      ['Jobs run here', generation.consumer ? 'yes' : 'no (separate worker processes)'],
      ['GPU workers', workers.total === 0 ? 'none: the procedural renderer serves' : `${workers.healthy} healthy of ${workers.enabled} enabled (${workers.total} registered)`],
      ['Jobs', `${jobs.IN_QUEUE} queued, ${jobs.IN_PROGRESS} running, ${jobs.COMPLETED} completed, ${jobs.ERROR} failed, ${jobs.CANCELLED} cancelled, ${jobs.TIMED_OUT} timed out`],
    );
  } else if (!hasToken) {
    rows.push(['Queue, workers, jobs', 'need the admin token (atelier login)']);
  }
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
