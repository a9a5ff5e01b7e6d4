import type { ErrorBody, GpuWorker, WorkerTestResult } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { WorkersService } from '../src/modules/generation/workers/workers.service';
import { admin, ADMIN_TOKEN, queryRows, registerWorker, startJob, waitForJob } from './helpers/generation';
import { registerMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111-stand-in';
import { startComfyUiStandIn, type ComfyUiStandIn } from './stand-ins/comfyui-stand-in';
import { startRunpodStandIn, type RunpodStandIn } from './stand-ins/runpod-stand-in';

describe('GPU worker registry (/api/admin/workers)', () => {
  let t: TestApp;
  let a1111: A1111StandIn;
  let comfy: ComfyUiStandIn;
  let runpod: RunpodStandIn;

  beforeAll(async () => {
    [a1111, comfy, runpod] = await Promise.all([
      startA1111StandIn({ auth: 'owner:gpu-secret' }),
      startComfyUiStandIn(),
      startRunpodStandIn({ apiKey: 'rp_secret_key' }),
    ]);
    t = await createTestApp({ ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([a1111.close(), comfy.close(), runpod.close()]);
  });
  afterEach(async () => {
    a1111.behaviour = comfy.behaviour = runpod.behaviour = 'ok';
    await t.database.handle.db.execute(sql`delete from gpu_workers`);
  });

  it('answers only to the admin token: none, a wrong one and a member token get 401 and change nothing', async () => {
    const member = await registerMember(t);
    const body = { name: 'sneaky', kind: 'a1111', url: a1111.url, gpu: 'RTX 4090', check: false };
    for (const headers of [{}, { Authorization: 'Bearer wrong-token' }, { Authorization: `Bearer ${member.token}` }, { Authorization: ADMIN_TOKEN }]) {
      const listed = await t.http.get('/api/admin/workers').set(headers).expect(401);
      expect((listed.body as ErrorBody).code).toBe('UNAUTHORIZED');
      await t.http.post('/api/admin/workers').set(headers).send(body).expect(401);
    }
    expect(await queryRows(t, sql`select id from gpu_workers`)).toEqual([]);
  });

  it('registers a worker after checking that it answers, and never returns its credentials', async () => {
    const worker = await registerWorker(t, { name: 'basement', url: `${a1111.url}/`, gpu: 'RTX 3090', apiKey: 'owner:gpu-secret', concurrency: 2 });
    expect(worker).toMatchObject({
      name: 'basement',
      kind: 'a1111',
      url: a1111.url,
      gpu: 'RTX 3090',
      concurrency: 2,
      enabled: true,
      hasApiKey: true,
      health: 'healthy',
      healthError: null,
      load: 0,
    });
    expect(worker.lastSeenAt).toEqual(expect.any(String));
    expect(a1111.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from('owner:gpu-secret').toString('base64')}`);

    const answers = [
      (await t.http.get('/api/admin/workers').set(admin).expect(200)).text,
      (await t.http.get(`/api/admin/workers/${worker.id}`).set(admin).expect(200)).text,
      (await t.http.patch(`/api/admin/workers/${worker.id}`).set(admin).send({ gpu: 'RTX A5000' }).expect(200)).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain('gpu-secret');
      expect(text).not.toMatch(/apiKey|api_key/);
    }
    await expect(t.http.get('/api/generation/info').expect(200)).resolves.toMatchObject({ body: { gpus: ['RTX A5000'] } });
  });

  it('does not save a worker that fails its check, saying why and how to save it anyway', async () => {
    const refused = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: 'locked', kind: 'a1111', url: a1111.url, gpu: 'RTX 3090', apiKey: 'owner:wrong' })
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'url', message: expect.stringMatching(/401.*check: false/s) }] });

    const unreachable = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: 'gone', kind: 'comfyui', url: 'http://127.0.0.1:9', gpu: 'RTX 3090' })
      .expect(400);
    expect((unreachable.body as ErrorBody).details?.[0].field).toBe('url');
    expect(await queryRows(t, sql`select id from gpu_workers`)).toEqual([]);

    const unchecked = await registerWorker(t, { name: 'later', kind: 'comfyui', url: 'http://127.0.0.1:9', check: false });
    expect(unchecked).toMatchObject({ health: 'unknown', lastSeenAt: null });
  });

  it('validates every field and names each problem at once', async () => {
    const response = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: '', kind: 'midjourney', url: 'ftp://gpu', gpu: 7, concurrency: 0, extra: true })
      .expect(400);
    const fields = (response.body as ErrorBody).details!.map((detail) => detail.field).sort();
    expect(fields).toEqual(['concurrency', 'extra', 'gpu', 'kind', 'name', 'url']);
    const withCredentials = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: 'x', kind: 'a1111', url: 'http://user:pass@gpu:7860', gpu: 'RTX 3090' })
      .expect(400);
    expect((withCredentials.body as ErrorBody).details).toEqual([{ field: 'url', message: expect.stringMatching(/without credentials/) }]);
    await t.http.patch('/api/admin/workers/not-a-uuid').set(admin).send({ enabled: false }).expect(400);
    await t.http.patch('/api/admin/workers/00000000-0000-4000-8000-000000000000').set(admin).send({ enabled: false }).expect(404);
    await t.http.patch('/api/admin/workers/00000000-0000-4000-8000-000000000000').set(admin).send({}).expect(400);
  });

  it('refuses a second worker with the same name with 409', async () => {
    await registerWorker(t, { name: 'twin', url: a1111.url, check: false });
    const response = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: 'twin', kind: 'runpod', url: runpod.url, gpu: 'H100', check: false })
      .expect(409);
    expect(response.body).toMatchObject({ code: 'CONFLICT', details: [{ field: 'name', message: 'is already taken' }] });
  });

  it('disables, enables and removes a worker; a disabled one gets no jobs', async () => {
    const worker = await registerWorker(t, { name: 'toggle', url: a1111.url, apiKey: 'owner:gpu-secret' });
    await t.http.patch(`/api/admin/workers/${worker.id}`).set(admin).send({ enabled: false }).expect(200);
    expect((await waitForJob(t, await startJob(t, 'while disabled'))).workerId).toBe('procedural');
    await t.http.patch(`/api/admin/workers/${worker.id}`).set(admin).send({ enabled: true }).expect(200);
    expect((await waitForJob(t, await startJob(t, 'while enabled'))).workerId).toBe(worker.id);
    await t.http.delete(`/api/admin/workers/${worker.id}`).set(admin).expect(204);
    await t.http.delete(`/api/admin/workers/${worker.id}`).set(admin).expect(404);
    await t.http.get(`/api/admin/workers/${worker.id}`).set(admin).expect(404);
  });

  it('runs a small real generation through a worker on request and reports its timing', async () => {
    const worker = await registerWorker(t, { name: 'tested', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
    const result = (await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(200)).body as WorkerTestResult;
    expect(result).toMatchObject({ workerId: worker.id, width: 512, height: 512, seed: 1234 });
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.executionTime).toBeGreaterThanOrEqual(0);

    runpod.behaviour = 'fail';
    const failed = await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(503);
    expect(failed.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^Worker 'tested' could not generate: /) });
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'unhealthy' });
  });

  it.each([
    ['comfyui', () => comfy, {}],
    ['runpod', () => runpod, { apiKey: 'rp_secret_key' }],
  ] as const)('serves Forge jobs through a %s worker', async (kind, standIn, extra) => {
    const worker = await registerWorker(t, { name: `${kind}-box`, kind, url: standIn().url, ...extra });
    const job = await waitForJob(t, await startJob(t, `a ${kind} picture of the sea`));
    expect(job).toMatchObject({ status: 'COMPLETED', workerId: worker.id });
  });

  it('health checks mark a worker that stopped answering unhealthy, and healthy again once it answers', async () => {
    const worker = await registerWorker(t, { name: 'flaky', url: a1111.url, apiKey: 'owner:gpu-secret' });
    const service = t.app.get(WorkersService);
    a1111.behaviour = 'server-error';
    await service.checkAll();
    const down = (await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body as GpuWorker;
    expect(down).toMatchObject({ health: 'unhealthy', healthError: expect.stringMatching(/answered 500/) });
    expect((await waitForJob(t, await startJob(t, 'while it is down'))).workerId).toBe('procedural');

    a1111.behaviour = 'ok';
    await service.checkAll();
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'healthy', healthError: null });
  });

  it('sends each job to the least-loaded worker with room, and makes jobs wait when all are full', async () => {
    const busy = await startA1111StandIn({ behaviour: 'ok' });
    try {
      const first = await registerWorker(t, { name: 'first', url: busy.url });
      const second = await registerWorker(t, { name: 'second', url: a1111.url, apiKey: 'owner:gpu-secret' });
      busy.behaviour = 'hang';
      const stuck = await startJob(t, 'keeps the first worker busy');
      expect((await waitForJob(t, stuck, ['IN_PROGRESS'])).workerId).toBe(first.id);
      // 'first' is at its concurrency (1): the next job goes to 'second'.
      expect((await waitForJob(t, await startJob(t, 'goes to the second'))).workerId).toBe(second.id);

      await t.http.patch(`/api/admin/workers/${second.id}`).set(admin).send({ enabled: false }).expect(200);
      const waiting = await startJob(t, 'waits for a free GPU');
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await waitForJob(t, waiting, ['IN_QUEUE'])).status).toBe('IN_QUEUE');
      expect((await t.http.get('/api/admin/workers').set(admin)).body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: first.id, load: 1 })]),
      );
    } finally {
      await busy.close(); // the hung request fails, which frees 'first'
    }
  });
});
