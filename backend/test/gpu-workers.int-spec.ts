import type { AdminJob, ErrorBody, GenerationInfo, GpuWorker, JobStatusResponse, WorkerTestResult } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { WorkersService } from '../src/modules/generation/workers/workers.service';
import { admin, ADMIN_TOKEN, adminJob, queryRows, registerWorker, startJob, waitForJob } from './helpers/generation';
import { registerMember } from './helpers/members';
import { createTestApp, type TestApp } from './helpers/test-app';
import { A1111_STAND_IN_CHECKPOINT, startA1111StandIn, type A1111StandIn } from './stand-ins/a1111-stand-in';
import { waitForRequest } from './stand-ins/stand-in-server';
import { COMFYUI_STAND_IN_CHECKPOINTS, startComfyUiStandIn, type ComfyUiStandIn } from './stand-ins/comfyui-stand-in';
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
    // More jobs than one visitor may start in a minute.
    t = await createTestApp({ ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600', GENERATION_RATE_LIMIT_PER_MINUTE: '100' });
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
    expect(worker.model).toBe(A1111_STAND_IN_CHECKPOINT);
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
    await expect(t.http.get('/api/generation/info').expect(200)).resolves.toMatchObject({
      body: { renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX A5000'] },
    });
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

  it('takes each setting only where it means something, on registration and on every change', async () => {
    const register = (body: Record<string, unknown>) =>
      t.http.post('/api/admin/workers').set(admin).send({ name: 'x', gpu: 'RTX 3090', check: false, ...body }).expect(400);
    const problems = async (body: Record<string, unknown>) => ((await register(body)).body as ErrorBody).details;

    expect(await problems({ kind: 'a1111', url: a1111.url, runpodImage: 'sdxl', checkpoint: 'x.safetensors' })).toEqual([
      { field: 'runpodImage', message: 'is for RunPod workers only' },
      { field: 'checkpoint', message: expect.stringMatching(/^is for ComfyUI/) },
    ]);
    expect(await problems({ kind: 'runpod', url: runpod.url, runpodImage: 'custom' })).toEqual([
      { field: 'inputTemplate', message: 'is required with runpodImage custom' },
    ]);
    expect(await problems({ kind: 'runpod', url: runpod.url, runpodImage: 'comfyui' })).toEqual([
      { field: 'checkpoint', message: expect.stringMatching(/^is required with runpodImage comfyui/) },
    ]);
    expect(await problems({ kind: 'runpod', url: runpod.url, runpodImage: 'custom', inputTemplate: { text: '{{prompt}}', size: '{{resolution}}' } })).toEqual([
      { field: 'inputTemplate', message: expect.stringMatching(/not \{\{resolution\}\}$/) },
    ]);
    expect(await problems({ kind: 'runpod', url: runpod.url, runpodImage: 'custom', inputTemplate: { seed: '{{seed}}' } })).toEqual([
      { field: 'inputTemplate', message: 'must contain {{prompt}} where the prompt goes' },
    ]);
    expect(await problems({ kind: 'runpod', url: runpod.url, runpodImage: 'dalle' })).toEqual([
      { field: 'runpodImage', message: expect.stringMatching(/^must be one of sd-v1, sdxl, sdxl-turbo, a1111, comfyui, custom$/) },
    ]);

    const pod = await registerWorker(t, { name: 'pod', kind: 'runpod', url: runpod.url, check: false });
    expect(pod).toMatchObject({ runpodImage: 'sd-v1', checkpoint: null, inputTemplate: null, model: null });
    const changed = await t.http.patch(`/api/admin/workers/${pod.id}`).set(admin).send({ runpodImage: 'comfyui' }).expect(400);
    expect((changed.body as ErrorBody).details).toEqual([{ field: 'checkpoint', message: expect.stringMatching(/^is required/) }]);
    const template = { prompt: '{{prompt}}', seed: '{{seed}}', steps: 4 };
    const custom = await t.http.patch(`/api/admin/workers/${pod.id}`).set(admin).send({ runpodImage: 'custom', inputTemplate: template }).expect(200);
    expect(custom.body).toMatchObject({ runpodImage: 'custom', inputTemplate: template });
    const box = await registerWorker(t, { name: 'box', kind: 'a1111', url: a1111.url, check: false });
    await t.http.patch(`/api/admin/workers/${box.id}`).set(admin).send({ checkpoint: 'x.safetensors' }).expect(400);
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
    expect(result).toMatchObject({ workerId: worker.id, gpu: 'RTX 3090', model: 'Stable Diffusion 1.5', width: 512, height: 512, seed: 1234 });
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.executionTime).toBeGreaterThanOrEqual(0);

    runpod.handlerReturns = { error: 'CUDA error: out of memory' };
    try {
      const failed = await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(503);
      expect(failed.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/^Worker 'tested' could not generate: .*failed: CUDA error: out of memory$/),
      });
      expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'unhealthy' });
    } finally {
      runpod.handlerReturns = undefined;
    }

    runpod.behaviour = 'fail';
    const down = await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(503);
    expect(down.body).toMatchObject({ message: expect.stringMatching(/^Worker 'tested' is not healthy: .*answered 500/) });
  });

  it.each([
    ['comfyui', () => comfy, {}],
    ['runpod', () => runpod, { apiKey: 'rp_secret_key' }],
  ] as const)('serves Forge jobs through a %s worker', async (kind, standIn, extra) => {
    const worker = await registerWorker(t, { name: `${kind}-box`, kind, url: standIn().url, ...extra });
    const job = await waitForJob(t, await startJob(t, `a ${kind} picture of the sea`));
    expect(job).toMatchObject({ status: 'COMPLETED', workerId: worker.id });
  });

  it('refuses a ComfyUI without the checkpoint, naming it and the ones it has; checks it again on every health check', async () => {
    const refused = await t.http
      .post('/api/admin/workers')
      .set(admin)
      .send({ name: 'comfy', kind: 'comfyui', url: comfy.url, gpu: 'RTX 4090', checkpoint: 'flux1-dev.safetensors' })
      .expect(400);
    const [detail] = (refused.body as ErrorBody).details!;
    expect(detail.message).toContain("has no checkpoint 'flux1-dev.safetensors' in ComfyUI/models/checkpoints");
    for (const name of COMFYUI_STAND_IN_CHECKPOINTS) expect(detail.message).toContain(`'${name}'`);

    const saved = await registerWorker(t, { name: 'comfy', kind: 'comfyui', url: comfy.url, gpu: 'RTX 4090' });
    expect(saved).toMatchObject({ health: 'healthy', checkpoint: null, model: COMFYUI_STAND_IN_CHECKPOINTS[0] });
    const chosen = await t.http.patch(`/api/admin/workers/${saved.id}`).set(admin).send({ checkpoint: 'flux1-dev.safetensors' }).expect(200);
    expect(chosen.body).toMatchObject({ health: 'unhealthy', healthError: expect.stringContaining("'flux1-dev.safetensors'") });
    expect((await waitForJob(t, await startJob(t, 'not on this box'))).workerId).toBe('procedural');

    comfy.checkpoints = [...COMFYUI_STAND_IN_CHECKPOINTS, 'flux1-dev.safetensors'];
    try {
      await t.app.get(WorkersService).checkAll();
      expect((await t.http.get(`/api/admin/workers/${saved.id}`).set(admin)).body).toMatchObject({ health: 'healthy', model: 'flux1-dev.safetensors' });
    } finally {
      comfy.checkpoints = [...COMFYUI_STAND_IN_CHECKPOINTS];
    }
  });

  it('keeps each server’s own reason for a failed job for the owner, and only a reference for the visitor', async () => {
    const failures: Array<[string, () => Promise<GpuWorker>, RegExp]> = [
      [
        'a1111',
        async () => {
          const worker = await registerWorker(t, { name: 'oom', url: a1111.url, apiKey: 'owner:gpu-secret' });
          a1111.behaviour = 'fail';
          return worker;
        },
        /answered 500: OutOfMemoryError: CUDA out of memory/,
      ],
      [
        'comfyui',
        async () => {
          // Its checkpoint went missing since its last check: ComfyUI says so only in node_errors.
          const worker = await registerWorker(t, { name: 'moved', kind: 'comfyui', url: comfy.url, checkpoint: 'flux1-dev.safetensors', check: false });
          await t.database.handle.db.execute(sql`update gpu_workers set health = 'healthy' where id = ${worker.id}`);
          return worker;
        },
        /CheckpointLoaderSimple \(node 4\): Value not in list: ckpt_name: 'flux1-dev\.safetensors' not in/,
      ],
      [
        'runpod',
        async () => {
          runpod.handlerReturns = { error: ['width does not meet the constraints.', 'seed should be int type, not str.'] };
          return registerWorker(t, { name: 'picky', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
        },
        /failed: width does not meet the constraints\.; seed should be int type, not str\.$/,
      ],
    ];
    try {
      for (const [kind, setUp, reason] of failures) {
        await t.database.handle.db.execute(sql`delete from gpu_workers`);
        const worker = await setUp();
        const id = await startJob(t, `a ${kind} failure`);
        const job = await waitForJob(t, id);
        expect(job).toMatchObject({ status: 'ERROR', workerId: worker.id, error: `The picture could not be made; try again (reference ${id})` });
        expect((await adminJob(t, id)).error).toMatch(reason);
      }
    } finally {
      runpod.handlerReturns = undefined;
    }
  });

  it('shows a RunPod endpoint with no worker up as degraded, and still sends it jobs', async () => {
    const saved = { ...runpod.workers };
    runpod.workers = { ...saved, idle: 0, ready: 0, running: 0, throttled: 0, initializing: 0 };
    try {
      const worker = await registerWorker(t, { name: 'cold', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key', runpodImage: 'sdxl' });
      expect(worker).toMatchObject({ health: 'degraded', healthError: expect.stringMatching(/cold start/), model: 'Stable Diffusion XL 1.0' });
      expect(worker.lastSeenAt).toEqual(expect.any(String));
      expect((await waitForJob(t, await startJob(t, 'worth the wait'))).workerId).toBe(worker.id);

      runpod.workers = { ...runpod.workers, throttled: 3 };
      await t.app.get(WorkersService).checkAll();
      expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({
        health: 'degraded',
        healthError: expect.stringMatching(/throttled/),
      });
    } finally {
      runpod.workers = saved;
    }
  });

  it('shows the render’s progress and preview in the job status while the GPU works, and neither once done', async () => {
    const slow = await startA1111StandIn({ renderMs: 4_000 });
    try {
      const worker = await registerWorker(t, { name: 'painter', url: slow.url });
      const id = await startJob(t, 'a picture worth watching');
      const seen: JobStatusResponse[] = [];
      for (;;) {
        const job = (await t.http.get(`/api/job-status/${id}`).expect(200)).body as JobStatusResponse;
        seen.push(job);
        if (job.status !== 'IN_QUEUE' && job.status !== 'IN_PROGRESS') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const during = seen.filter((job) => job.progress !== null);
      expect(during.length).toBeGreaterThan(1);
      expect(during.every((job) => job.status === 'IN_PROGRESS' && job.progress! > 0 && job.progress! < 1)).toBe(true);
      expect(during.at(-1)!.progress).toBeGreaterThan(during[0].progress!);
      expect(during.at(-1)!.preview).toMatch(/^data:image\/jpeg;base64,/);
      expect(seen.at(-1)).toMatchObject({ status: 'COMPLETED', workerId: worker.id, progress: null, preview: null });
    } finally {
      await slow.close();
    }
  });

  it('interrupts the render on the GPU when the owner cancels a running job', async () => {
    const slow = await startA1111StandIn({ renderMs: 60_000 });
    try {
      const worker = await registerWorker(t, { name: 'slow', url: slow.url });
      const id = await startJob(t, 'a picture nobody will wait for');
      expect((await waitForJob(t, id, ['IN_PROGRESS'])).workerId).toBe(worker.id);
      await waitForRequest(slow, (request) => request.path === '/sdapi/v1/txt2img');
      const cancelled = await t.http.post(`/api/admin/jobs/${id}/cancel`).set(admin).expect(200);
      expect((cancelled.body as AdminJob).status).toBe('CANCELLED');
      await waitForRequest(slow, (request) => request.path === '/sdapi/v1/interrupt');
      expect([...slow.tasks.values()].map((task) => task.interrupted)).toEqual([true]);
    } finally {
      await slow.close();
    }
  });

  it('tells the Forge and Dream pages who draws: the models and GPUs of the workers jobs go to, else the built-in renderer', async () => {
    const info = async () => (await t.http.get('/api/generation/info').expect(200)).body as GenerationInfo;
    const builtIn: GenerationInfo = { renderer: 'built-in', models: [], gpus: [] };
    expect(await info()).toEqual(builtIn);

    const a = await registerWorker(t, { name: 'a', url: a1111.url, apiKey: 'owner:gpu-secret', gpu: 'RTX 4090' });
    await registerWorker(t, { name: 'b', url: a1111.url, apiKey: 'owner:gpu-secret', gpu: 'RTX 4090' });
    await registerWorker(t, { name: 'c', kind: 'comfyui', url: comfy.url, gpu: 'RTX 3090', checkpoint: COMFYUI_STAND_IN_CHECKPOINTS[1] });
    // Not checked yet: no job goes to it, so the page does not name it.
    await registerWorker(t, { name: 'unchecked', kind: 'comfyui', url: comfy.url, gpu: 'H100', check: false });
    expect(await info()).toEqual({ renderer: 'workers', models: ['Stable Diffusion 1.5', 'Stable Diffusion XL'], gpus: ['RTX 4090', 'RTX 3090'] });

    await t.http.delete(`/api/admin/workers/${a.id}`).set(admin).expect(204);
    a1111.behaviour = 'server-error';
    await t.app.get(WorkersService).checkAll();
    // The unchecked one has passed its first check now.
    expect(await info()).toEqual({ renderer: 'workers', models: ['Stable Diffusion XL', 'Stable Diffusion 1.5'], gpus: ['RTX 3090', 'H100'] });
    comfy.behaviour = 'server-error';
    await t.app.get(WorkersService).checkAll();
    expect(await info()).toEqual(builtIn);
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

describe('time in a GPU worker’s own queue', () => {
  let t: TestApp;
  let runpod: RunpodStandIn;

  beforeAll(async () => {
    runpod = await startRunpodStandIn({ apiKey: 'rp_secret_key' });
    t = await createTestApp({ ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600', GENERATION_TIMEOUT_SECONDS: '1.5', GENERATION_QUEUE_TIMEOUT_SECONDS: '2.5' });
  });
  afterAll(async () => {
    await t.close();
    await runpod.close();
  });

  it('counts a cold start as delay, not execution, and past the render limit', async () => {
    runpod.pollsBeforeDone = 3; // IN_QUEUE, IN_QUEUE, IN_PROGRESS, COMPLETED: a poll a second
    const worker = await registerWorker(t, { name: 'cold-start', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
    const job = await waitForJob(t, await startJob(t, 'worth waiting for'));
    expect(job).toMatchObject({ status: 'COMPLETED', workerId: worker.id });
    expect(job.delayTime).toBeGreaterThanOrEqual(1_500);
    expect(job.executionTime).toBeLessThan(job.delayTime!);
  });

  it('tests a worker on a cold endpoint: the cold start is queue time, not render time, and the CLI is told how long to wait', async () => {
    await t.database.handle.db.execute(sql`delete from gpu_workers`);
    runpod.pollsBeforeDone = 3; // two IN_QUEUE polls a second apart: longer than the 1.5 s render limit
    const worker = await registerWorker(t, { name: 'cold-test', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
    // Health check 10 s + queue 2.5 s + render 1.5 s.
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ testTimeoutSeconds: 14 });
    const result = (await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(200)).body as WorkerTestResult;
    expect(result.queueTime).toBeGreaterThanOrEqual(1_500);
    expect(result.executionTime).toBeLessThan(result.queueTime!);
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'healthy' });
  });

  it('a worker test that runs out of time while still queued says so and leaves the worker healthy', async () => {
    await t.database.handle.db.execute(sql`delete from gpu_workers`);
    runpod.pollsBeforeDone = 100;
    const worker = await registerWorker(t, { name: 'cold-forever', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
    const failed = await t.http.post(`/api/admin/workers/${worker.id}/test`).set(admin).expect(503);
    expect(failed.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: "Worker 'cold-forever' kept the test in its queue for more than 2.5 s (a cold start, or every GPU busy); its health is unchanged, try again once it has warmed up",
    });
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'healthy', healthError: null });
  });

  it('ends a job that waits past the queue limit as TIMED_OUT, cancels it, and leaves the worker healthy', async () => {
    await t.database.handle.db.execute(sql`delete from gpu_workers`);
    runpod.pollsBeforeDone = 100;
    const worker = await registerWorker(t, { name: 'crowded', kind: 'runpod', url: runpod.url, apiKey: 'rp_secret_key' });
    const id = await startJob(t, 'stuck behind everyone');
    expect(await waitForJob(t, id)).toMatchObject({ status: 'TIMED_OUT', workerId: worker.id });
    expect(await adminJob(t, id)).toMatchObject({ error: expect.stringMatching(/kept the job in its queue for more than 2\.5 s$/) });
    await waitForRequest(runpod, (request) => request.path.endsWith(`/cancel/${[...runpod.jobs.keys()].at(-1)}`));
    expect((await t.http.get(`/api/admin/workers/${worker.id}`).set(admin)).body).toMatchObject({ health: 'healthy' });
  });
});
