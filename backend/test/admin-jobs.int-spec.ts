import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AdminJob, ErrorBody, JobStatusResponse, PurgeJobsResult } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { JobDispatcher } from '../src/modules/generation/dispatch/job-dispatcher';
import { HEARTBEAT_MS, JobRunner } from '../src/modules/generation/jobs/job-runner';
import { admin, ADMIN_TOKEN, queryRows, registerWorker, startJob, waitForJob } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111-stand-in';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('generation jobs for the owner (/api/admin/jobs)', () => {
  let t: TestApp;
  let gpu: A1111StandIn;

  beforeAll(async () => {
    gpu = await startA1111StandIn();
    t = await createTestApp({ ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await t.close();
    await gpu.close();
  });
  afterEach(async () => {
    gpu.behaviour = 'ok';
    await t.database.handle.db.execute(sql`delete from gpu_workers`);
  });

  /** A job row as another part of the system would have left it; `ago` is how long ago it was created. */
  async function insertJob(values: { prompt?: string; status: string; ago?: string; finishedAgo?: string; error?: string }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      t,
      sql`insert into generation_jobs (prompt, status, error, created_at, finished_at)
          values (${values.prompt ?? 'a row'}, ${values.status}, ${values.error ?? null},
                  now() - ${values.ago ?? '0 seconds'}::interval,
                  ${values.finishedAgo === undefined ? null : sql`now() - ${values.finishedAgo}::interval`})
          returning id`,
    );
    return row.id;
  }
  const getJob = async (id: string) => (await t.http.get(`/api/admin/jobs/${id}`).set(admin).expect(200)).body as AdminJob;
  const waitUntil = async (condition: () => boolean | Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('answers only to the admin token, and changes nothing without it', async () => {
    const id = await insertJob({ status: 'IN_QUEUE' });
    for (const headers of [{}, { Authorization: 'Bearer wrong-token' }]) {
      const requests = [
        t.http.get('/api/admin/jobs'),
        t.http.get(`/api/admin/jobs/${id}`),
        t.http.post(`/api/admin/jobs/${id}/cancel`),
        t.http.post(`/api/admin/jobs/${id}/retry`),
        t.http.post('/api/admin/jobs/purge').send({ olderThanMinutes: 1 }),
      ];
      for (const request of requests) {
        const refused = await request.set(headers).expect(401);
        expect((refused.body as ErrorBody).code).toBe('UNAUTHORIZED');
      }
    }
    expect((await getJob(id)).status).toBe('IN_QUEUE');
    await t.database.handle.db.execute(sql`delete from generation_jobs`);
  });

  it('lists jobs newest first with their details, filters by status and limits the count', async () => {
    await t.database.handle.db.execute(sql`delete from generation_jobs`);
    const failed = await insertJob({ prompt: 'a failed picture', status: 'ERROR', ago: '3 minutes', finishedAgo: '2 minutes', error: 'boom' });
    const cancelled = await insertJob({ prompt: 'a cancelled picture', status: 'CANCELLED', ago: '2 minutes', finishedAgo: '1 minute' });
    const done = await waitForJob(t, await startJob(t, 'a finished picture'));

    const list = (await t.http.get('/api/admin/jobs').set(admin).expect(200)).body as AdminJob[];
    expect(list.map((job) => job.id)).toEqual([done.id, cancelled, failed]);
    expect(Object.keys(list[0]).sort()).toEqual(
      ['attempts', 'createdAt', 'delayTime', 'dreamMode', 'error', 'executionTime', 'finishedAt', 'id', 'prompt', 'provider', 'startedAt', 'status', 'url', 'workerId'].sort(),
    );
    expect(list[0]).toMatchObject({
      status: 'COMPLETED',
      prompt: 'a finished picture',
      dreamMode: null,
      provider: 'procedural',
      workerId: 'procedural',
      attempts: 1,
      error: null,
      url: `/assets/generated/${done.id}.png`,
      executionTime: done.executionTime,
      delayTime: done.delayTime,
    });
    expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
    expect(list[2]).toMatchObject({ status: 'ERROR', error: 'boom', url: null, startedAt: null, executionTime: null, delayTime: null });

    const errors = (await t.http.get('/api/admin/jobs?status=ERROR').set(admin).expect(200)).body as AdminJob[];
    expect(errors.map((job) => job.id)).toEqual([failed]);
    const newest = (await t.http.get('/api/admin/jobs?limit=2').set(admin).expect(200)).body as AdminJob[];
    expect(newest.map((job) => job.id)).toEqual([done.id, cancelled]);

    expect(await getJob(failed)).toEqual(list[2]);

    const summary = (await t.http.get('/api/admin/jobs/summary').set(admin).expect(200)).body;
    expect(summary).toEqual({
      dispatcher: 'in-process',
      consumer: true,
      counts: { IN_QUEUE: 0, IN_PROGRESS: 0, COMPLETED: 1, ERROR: 1, CANCELLED: 1, TIMED_OUT: 0 },
    });
  });

  it('refuses a bad status, limit or extra parameter with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=DONE', 'status'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=ten', 'limit'],
      ['sort=asc', 'sort'],
    ]) {
      const refused = await t.http.get(`/api/admin/jobs?${query}`).set(admin).expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [{ field }] });
    }
  });

  it('answers 404 for a job that does not exist, whatever the id looks like', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-job']) {
      for (const request of [
        t.http.get(`/api/admin/jobs/${id}`),
        t.http.post(`/api/admin/jobs/${id}/cancel`),
        t.http.post(`/api/admin/jobs/${id}/retry`),
      ]) {
        const missing = await request.set(admin).expect(404);
        expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: `No generation job with id ${id}` });
      }
    }
  });

  it('cancels a queued job, which no runner then takes, and refuses to cancel it again', async () => {
    const id = await insertJob({ prompt: 'a queued picture', status: 'IN_QUEUE' });
    const cancelled = (await t.http.post(`/api/admin/jobs/${id}/cancel`).set(admin).expect(200)).body as AdminJob;
    expect(cancelled).toMatchObject({ id, status: 'CANCELLED', error: 'Cancelled by the owner', finishedAt: expect.any(String) });

    // A delivery that was already on its way finds the job cancelled and leaves it so.
    await t.app.get(JobDispatcher).enqueue(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const status = (await t.http.get(`/api/job-status/${id}`).expect(200)).body as JobStatusResponse;
    expect(status).toMatchObject({ status: 'CANCELLED', error: `The job was cancelled (reference ${id})`, output: [], workerId: null });

    const again = await t.http.post(`/api/admin/jobs/${id}/cancel`).set(admin).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: `Job ${id} has already finished (CANCELLED) and cannot be cancelled` });
  });

  it('refuses to cancel a finished job with 409 and leaves it as it was', async () => {
    const done = await waitForJob(t, await startJob(t, 'a quick picture'));
    const refused = await t.http.post(`/api/admin/jobs/${done.id}/cancel`).set(admin).expect(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: `Job ${done.id} has already finished (COMPLETED) and cannot be cancelled` });
    const after = await waitForJob(t, done.id);
    expect(after.status).toBe('COMPLETED');
    expect(after.output).toHaveLength(1);
  });

  it('cancels a running job: its worker call is stopped and the job stays CANCELLED', async () => {
    const runner = t.app.get(JobRunner);
    await registerWorker(t, { url: gpu.url, name: 'hung-box' });
    gpu.behaviour = 'hang';
    const id = await startJob(t, 'a picture that never comes');
    await waitForJob(t, id, ['IN_PROGRESS']);

    const cancelled = (await t.http.post(`/api/admin/jobs/${id}/cancel`).set(admin).expect(200)).body as AdminJob;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', error: 'Cancelled by the owner' });
    await waitUntil(() => runner.activeCount === 0, 2_000);
    expect(await getJob(id)).toMatchObject({ status: 'CANCELLED', error: 'Cancelled by the owner' });
    expect((await t.http.get('/api/admin/workers').set(admin).expect(200)).body).toMatchObject([{ health: 'healthy' }]);
  });

  it('stops a running job cancelled through another process once its heartbeat sees the row', async () => {
    const runner = t.app.get(JobRunner);
    await registerWorker(t, { url: gpu.url, name: 'hung-box' });
    gpu.behaviour = 'hang';
    const id = await startJob(t, 'a picture cancelled elsewhere');
    await waitForJob(t, id, ['IN_PROGRESS']);

    // What another API process's cancel does to the shared table; this process's runner is not told.
    await t.database.handle.db.execute(
      sql`update generation_jobs set status = 'CANCELLED', error = 'Cancelled by the owner', finished_at = now() where id = ${id}`,
    );
    await waitUntil(() => runner.activeCount === 0, 2 * HEARTBEAT_MS + 1_000);
    expect(await getJob(id)).toMatchObject({ status: 'CANCELLED', error: 'Cancelled by the owner' });
  });

  it('retries a failed job as a new job with the same prompt, which runs to COMPLETED', async () => {
    const worker = await registerWorker(t, { url: gpu.url, name: 'flaky-box' });
    gpu.behaviour = 'fail';
    const failed = await waitForJob(t, await startJob(t, 'a picture worth another try'));
    expect(failed.status).toBe('ERROR');
    gpu.behaviour = 'ok';

    const retried = await t.http.post(`/api/admin/jobs/${failed.id}/retry`).set(admin).expect(202);
    const job = retried.body as AdminJob;
    expect(job).toMatchObject({ prompt: 'a picture worth another try', error: null, url: null });
    expect(job.id).not.toBe(failed.id);
    expect(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']).toContain(job.status);
    expect(await waitForJob(t, job.id)).toMatchObject({ status: 'COMPLETED', workerId: worker.id });
    expect((await getJob(failed.id)).status).toBe('ERROR');
  });

  it('retries a timed-out dream as the same dream, and refuses to retry jobs that did not fail', async () => {
    const [{ id: dream }] = await queryRows<{ id: string }>(
      t,
      sql`insert into generation_jobs (prompt, dream_mode, status, finished_at) values ('a dreamt picture', 'nightmare', 'TIMED_OUT', now()) returning id`,
    );
    const retried = (await t.http.post(`/api/admin/jobs/${dream}/retry`).set(admin).expect(202)).body as AdminJob;
    expect(retried).toMatchObject({ prompt: 'a dreamt picture', dreamMode: 'nightmare' });
    const done = await waitForJob(t, retried.id);
    expect(done.status).toBe('COMPLETED');

    const queued = await insertJob({ status: 'IN_QUEUE' });
    for (const [id, status] of [[done.id, 'COMPLETED'], [queued, 'IN_QUEUE']]) {
      const refused = await t.http.post(`/api/admin/jobs/${id}/retry`).set(admin).expect(409);
      expect(refused.body).toMatchObject({
        code: 'CONFLICT',
        message: `Job ${id} is ${status}; only ERROR, CANCELLED, TIMED_OUT jobs can be retried`,
      });
    }
    await t.http.post(`/api/admin/jobs/${queued}/cancel`).set(admin).expect(200);
  });

  it('purges finished jobs older than asked, with their pictures, and keeps recent and unfinished ones', async () => {
    await t.database.handle.db.execute(sql`delete from generation_jobs`);
    const oldDone = await waitForJob(t, await startJob(t, 'an old picture'));
    const recentDone = await waitForJob(t, await startJob(t, 'a recent picture'));
    await t.database.handle.db.execute(
      sql`update generation_jobs set created_at = now() - interval '8 days', finished_at = now() - interval '8 days' where id = ${oldDone.id}`,
    );
    const oldFailed = await insertJob({ status: 'ERROR', ago: '9 days', finishedAgo: '9 days', error: 'boom' });
    const recentFailed = await insertJob({ status: 'ERROR', ago: '2 days', finishedAgo: '2 days', error: 'boom' });
    // Old but not finished: never purged, whatever its age.
    const oldQueued = await insertJob({ status: 'IN_QUEUE', ago: '8 days' });
    const picture = (job: JobStatusResponse) => path.join(t.config.dataDir, 'media', job.output[0].url.replace('/assets/', ''));
    expect(fs.existsSync(picture(oldDone))).toBe(true);

    const purged = await t.http.post('/api/admin/jobs/purge').set(admin).send({ olderThanMinutes: 7 * 24 * 60 }).expect(200);
    expect(purged.body as PurgeJobsResult).toEqual({ deleted: 2 });

    const left = (await t.http.get('/api/admin/jobs').set(admin).expect(200)).body as AdminJob[];
    expect(left.map((job) => job.id).sort()).toEqual([recentDone.id, recentFailed, oldQueued].sort());
    expect(fs.existsSync(picture(oldDone))).toBe(false);
    await t.http.get(oldDone.output[0].url).expect(404);
    await t.http.get(recentDone.output[0].url).expect(200);
    await t.http.get(`/api/admin/jobs/${oldFailed}`).set(admin).expect(404);

    const nothing = await t.http.post('/api/admin/jobs/purge').set(admin).send({ olderThanMinutes: 7 * 24 * 60 }).expect(200);
    expect(nothing.body).toEqual({ deleted: 0 });
  });

  it('refuses a purge without a valid age, naming the field, and deletes nothing', async () => {
    const id = await insertJob({ status: 'ERROR', ago: '9 days', finishedAgo: '9 days' });
    for (const [body, field] of [
      [{}, 'olderThanMinutes'],
      [{ olderThanMinutes: -1 }, 'olderThanMinutes'],
      [{ olderThanMinutes: 6_000_000 }, 'olderThanMinutes'],
      [{ olderThanMinutes: 1.5 }, 'olderThanMinutes'],
      [{ olderThanMinutes: '7d' }, 'olderThanMinutes'],
      [{ olderThanMinutes: 60, status: 'ERROR' }, 'status'],
    ] as const) {
      const refused = await t.http.post('/api/admin/jobs/purge').set(admin).send(body).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field }] });
    }
    await getJob(id);
  });
});
