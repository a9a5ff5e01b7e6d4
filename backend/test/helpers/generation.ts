import { FINISHED_JOB_STATUSES, type AdminJob, type GpuWorker, type JobStatus, type JobStatusResponse } from '@atelier/contracts';
import type { SQL } from 'drizzle-orm';
import type { RegisterWorkerBody } from '../../src/modules/generation/generation.schemas';
import type { TestApp } from './test-app';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
export const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * Both dispatchers: the in-process queue always, BullMQ when REDIS_URL is set (each run on its own key
 * prefix so runs never see each other's jobs). Health checks are left to the tests.
 */
export function dispatcherEnvironments(): Array<[string, NodeJS.ProcessEnv]> {
  const quiet = { ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600' };
  const redisUrl = process.env.REDIS_URL;
  return [
    ['in-process', quiet],
    ...(redisUrl
      ? [['bullmq', { ...quiet, REDIS_URL: redisUrl, QUEUE_PREFIX: `atelier-test-${process.pid}-${Date.now()}` }] as [string, NodeJS.ProcessEnv]]
      : []),
  ];
}

/** Polls GET /api/job-status/:id until the job reaches one of `statuses` (by default: it has finished). */
export async function waitForJob(
  t: TestApp,
  id: string,
  statuses: readonly JobStatus[] = FINISHED_JOB_STATUSES,
  timeoutMs = 20_000,
): Promise<JobStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.http.get(`/api/job-status/${id}`).expect(200);
    const job = response.body as JobStatusResponse;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The owner's view of a job, with the reason it failed (the public status keeps that to itself). */
export async function adminJob(t: TestApp, id: string): Promise<AdminJob> {
  return (await t.http.get(`/api/admin/jobs/${id}`).set(admin).expect(200)).body as AdminJob;
}

export async function startJob(t: TestApp, prompt: string): Promise<string> {
  const response = await t.http.post('/api/start-job').send({ prompt }).expect(202);
  return (response.body as { id: string }).id;
}

export async function registerWorker(t: TestApp, body: Partial<RegisterWorkerBody> & { url: string }): Promise<GpuWorker> {
  const response = await t.http
    .post('/api/admin/workers')
    .set(admin)
    .send({ name: 'gpu-box', kind: 'a1111', gpu: 'RTX 3090', ...body });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as GpuWorker;
}

/** Rows of a raw statement; both drivers answer `{ rows }`, which the shared Drizzle type leaves open. */
export async function queryRows<T>(t: TestApp, statement: SQL): Promise<T[]> {
  const result = (await t.database.handle.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
