import type { HealthResponse } from '@atelier/contracts';
import { formatUptime, renderStatus } from './status';

const healthy: HealthResponse = {
  status: 'ok',
  version: '1.2.3',
  uptimeSeconds: 3725,
  database: { driver: 'pglite', ok: true, latencyMs: 1.25 },
};

/** The table's rows as [label, value], so assertions do not depend on column widths. */
const rows = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('│'))
    .map((line) => line.split('│').slice(1, -1).map((cell) => cell.trim()));

describe('renderStatus', () => {
  it('shows what a healthy API reported', () => {
    expect(rows(renderStatus('http://localhost:3000', healthy))).toEqual([
      ['API URL', 'http://localhost:3000'],
      ['Status', 'ok'],
      ['Version', '1.2.3'],
      ['Uptime', '1 h 2 min'],
      ['Database driver', 'pglite'],
      ['Database answers', 'yes'],
      ['Database latency', '1.25 ms'],
    ]);
  });

  it('shows a degraded API with no latency and the database error', () => {
    const degraded: HealthResponse = {
      ...healthy,
      status: 'degraded',
      database: { driver: 'postgres', ok: false, latencyMs: null, error: 'the database did not answer' },
    };
    expect(rows(renderStatus('https://atelier.example.com', degraded))).toEqual(
      expect.arrayContaining([
        ['Status', 'degraded'],
        ['Database driver', 'postgres'],
        ['Database answers', 'no'],
        ['Database latency', '-'],
        ['Database error', 'the database did not answer'],
      ]),
    );
  });
});

describe('renderStatus with the admin side', () => {
  it('adds the job queue, the GPU workers and the jobs of each status', () => {
    const generation = {
      dispatcher: 'bullmq' as const,
      consumer: false,
      workers: { total: 3, enabled: 2, healthy: 1 },
      jobs: { IN_QUEUE: 4, IN_PROGRESS: 1, COMPLETED: 120, ERROR: 2, CANCELLED: 0, TIMED_OUT: 1 },
    };
    expect(rows(renderStatus('http://localhost:3000', healthy, generation)).slice(7)).toEqual([
      ['Job queue', 'BullMQ on Redis'],
      ['Jobs run here', 'no (separate worker processes)'],
      ['GPU workers', '1 healthy of 2 enabled (3 registered)'],
      ['Jobs', '4 queued, 1 running, 120 completed, 2 failed, 0 cancelled, 1 timed out'],
    ]);
  });

  it('says the admin token shows more when there is none', () => {
    expect(rows(renderStatus('http://localhost:3000', healthy, undefined, false)).at(-1)).toEqual(['Queue, workers, jobs', 'need the admin token (atelier login)']);
  });
});

describe('formatUptime', () => {
  it.each([
    [0, '0 s'],
    [42, '42 s'],
    [60, '1 min 0 s'],
    [303, '5 min 3 s'],
    [3600 * 3 + 12 * 60 + 59, '3 h 12 min'],
    [86_400 * 2 + 3600 * 4 + 5, '2 d 4 h'],
    [12.7, '12 s'],
  ])('%p seconds reads %p', (seconds, expected) => {
    expect(formatUptime(seconds)).toBe(expected);
  });
});
