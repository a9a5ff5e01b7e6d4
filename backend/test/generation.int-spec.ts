import { DREAM_MODES, type ErrorBody, type JobStatusResponse } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { DREAM_PROMPTS } from '../src/modules/generation/procedural/dream-prompts';
import { JobMaintenance } from '../src/modules/generation/jobs/job-maintenance';
import { admin, ADMIN_TOKEN, adminJob, dispatcherEnvironments, queryRows, registerWorker, startJob, waitForJob } from './helpers/generation';
import { createTestApp, type TestApp } from './helpers/test-app';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111-stand-in';

async function expectPicture(t: TestApp, job: JobStatusResponse): Promise<void> {
  expect(job.status).toBe('COMPLETED');
  expect(job.error).toBeNull();
  expect(job.output).toHaveLength(1);
  const [{ image, seed, url }] = job.output;
  const picture = Buffer.from(image, 'base64');
  await expect(sharp(picture).metadata()).resolves.toMatchObject({ format: 'png', width: 768, height: 768 });
  expect(Number.isInteger(seed)).toBe(true);
  expect(url).toBe(`/assets/generated/${job.id}.png`);
  const served = await t.http.get(url).expect(200).expect('content-type', 'image/png');
  expect(Buffer.compare(served.body as Buffer, picture)).toBe(0);
  expect(job.delayTime).toEqual(expect.any(Number));
  expect(job.executionTime).toEqual(expect.any(Number));
  expect(job.delayTime!).toBeGreaterThanOrEqual(0);
  expect(job.executionTime!).toBeGreaterThanOrEqual(0);
}

describe.each(dispatcherEnvironments())('generation jobs with the %s dispatcher', (_name, env) => {
  let t: TestApp;
  let gpu: A1111StandIn | undefined;

  beforeAll(async () => {
    t = await createTestApp({ ...env, GENERATION_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await t.close();
    await gpu?.close();
  });

  it('runs a prompt job to COMPLETED with a 768x768 PNG, answering exactly the required fields', async () => {
    const started = await t.http.post('/api/start-job').send({ prompt: 'a lighthouse by the sea at sunset' }).expect(202);
    expect(Object.keys(started.body as object)).toEqual(['id']);
    const job = await waitForJob(t, (started.body as { id: string }).id);
    // The fields of docs/requirements/ai-demos.md#jobs, and the render's progress and preview (null: the built-in renderer tells none).
    expect(Object.keys(job).sort()).toEqual(['delayTime', 'error', 'executionTime', 'id', 'output', 'status', 'workerId', 'progress', 'preview'].sort());
    expect(job).toMatchObject({ progress: null, preview: null });
    expect(job.workerId).toBe('procedural');
    await expectPicture(t, job);
  });

  it.each(DREAM_MODES)('runs a %s dream to COMPLETED from its curated prompts', async (mode) => {
    const started = await t.http.post('/api/start-dream').send({ mode }).expect(202);
    const id = (started.body as { id: string }).id;
    await expectPicture(t, await waitForJob(t, id));
    const [row] = await queryRows<{ prompt: string; dream_mode: string }>(
      t,
      sql`select prompt, dream_mode from generation_jobs where id = ${id}`,
    );
    expect(row.dream_mode).toBe(mode);
    expect(DREAM_PROMPTS[mode]).toContain(row.prompt);
  });

  it('answers a job that never started with its status, no output and no timings', async () => {
    const [{ id }] = await queryRows<{ id: string }>(
      t,
      sql`insert into generation_jobs (prompt, status) values ('waiting', 'CANCELLED') returning id`,
    );
    const job = (await t.http.get(`/api/job-status/${id}`).expect(200)).body as JobStatusResponse;
    expect(job).toEqual({
      id,
      status: 'CANCELLED',
      output: [],
      executionTime: null,
      delayTime: null,
      workerId: null,
      error: `The job was cancelled (reference ${id})`,
      progress: null,
      preview: null,
    });
  });

  it('sends jobs to a healthy registered GPU worker and reports its id', async () => {
    gpu = await startA1111StandIn();
    const worker = await registerWorker(t, { url: gpu.url, name: 'a5000' });
    try {
      const id = await startJob(t, 'a red fox in the snow');
      const job = await waitForJob(t, id);
      expect(job.workerId).toBe(worker.id);
      await expectPicture(t, job);
      const txt2img = gpu.requests.find((request) => request.path === '/sdapi/v1/txt2img');
      expect(txt2img?.body).toMatchObject({ prompt: 'a red fox in the snow', width: 768, height: 768, seed: job.output[0].seed });
    } finally {
      await t.http.delete(`/api/admin/workers/${worker.id}`).set(admin).expect(204);
    }
  });

  it('ends a job as ERROR with a clear message when its worker does not answer in time, then serves the next on the CPU', async () => {
    gpu ??= await startA1111StandIn();
    const worker = await registerWorker(t, { url: gpu.url, name: 'slow-box' });
    gpu.behaviour = 'hang';
    try {
      const job = await waitForJob(t, await startJob(t, 'a slow picture'));
      expect(job).toMatchObject({ status: 'ERROR', output: [], workerId: worker.id });
      expect(job.error).toBe(`The picture could not be made; try again (reference ${job.id})`);
      const reason = "The a1111 worker 'slow-box' did not finish within 1 s";
      expect((await adminJob(t, job.id)).error).toBe(reason);
      expect(job.executionTime!).toBeGreaterThanOrEqual(900);

      // The worker is now unhealthy: the next job goes to the built-in renderer instead of waiting on it.
      const listed = (await t.http.get(`/api/admin/workers/${worker.id}`).set(admin).expect(200)).body;
      expect(listed).toMatchObject({ health: 'unhealthy', healthError: reason });
      const next = await waitForJob(t, await startJob(t, 'a quick picture'));
      expect(next).toMatchObject({ status: 'COMPLETED', workerId: 'procedural' });
    } finally {
      gpu.behaviour = 'ok';
      await t.http.delete(`/api/admin/workers/${worker.id}`).set(admin).expect(204);
    }
  });

  it('ends a job as ERROR with the worker’s own reason when the worker fails', async () => {
    gpu ??= await startA1111StandIn();
    const worker = await registerWorker(t, { url: gpu.url, name: 'oom-box' });
    gpu.behaviour = 'fail';
    try {
      const job = await waitForJob(t, await startJob(t, 'too big a picture'));
      expect(job.status).toBe('ERROR');
      // The worker's answer (and its address) is for the owner; the visitor gets a reference to it.
      expect(job.error).toBe(`The picture could not be made; try again (reference ${job.id})`);
      expect(JSON.stringify(job)).not.toContain(gpu.url);
      expect((await adminJob(t, job.id)).error).toMatch(/CUDA out of memory/);
    } finally {
      gpu.behaviour = 'ok';
      await t.http.delete(`/api/admin/workers/${worker.id}`).set(admin).expect(204);
    }
  });
});

describe('generation input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  const refused = async (route: string, body: unknown) => {
    const response = await t.http.post(route).send(body as object).expect(400);
    return response.body as ErrorBody;
  };

  it('requires a prompt of at most 1000 characters, and nothing else', async () => {
    expect((await refused('/api/start-job', {})).details).toEqual([{ field: 'prompt', message: 'required' }]);
    expect((await refused('/api/start-job', { prompt: '   ' })).details).toEqual([{ field: 'prompt', message: 'required' }]);
    expect((await refused('/api/start-job', { prompt: 42 })).details).toEqual([{ field: 'prompt', message: 'must be text' }]);
    expect((await refused('/api/start-job', { prompt: 'x'.repeat(1001) })).details).toEqual([
      { field: 'prompt', message: 'must be at most 1000 characters' },
    ]);
    expect((await refused('/api/start-job', { prompt: 'ok', seed: 1 })).code).toBe('VALIDATION_FAILED');
    await t.http.post('/api/start-job').send({ prompt: 'x'.repeat(1000) }).expect(202);
  });

  it('refuses an unknown dream mode, naming the four', async () => {
    const body = await refused('/api/start-dream', { mode: 'daymare' });
    expect(body.details).toEqual([{ field: 'mode', message: 'must be one of daydream, nicedream, strangedream, nightmare' }]);
    expect((await refused('/api/start-dream', {})).details).toEqual([{ field: 'mode', message: 'required' }]);
  });

  it('answers 404 for a job that does not exist, whatever the id looks like', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job', "1' or '1'='1"]) {
      const response = await t.http.get(`/api/job-status/${encodeURIComponent(id)}`).expect(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('says the built-in renderer draws while no GPU worker is registered (the model and GPU names: gpu-workers.int-spec)', async () => {
    await expect(t.http.get('/api/generation/info').expect(200)).resolves.toMatchObject({ body: { renderer: 'built-in', models: [], gpus: [] } });
  });
});

describe('generation limits', () => {
  let t: TestApp;
  let gpu: A1111StandIn;

  beforeAll(async () => {
    gpu = await startA1111StandIn();
    t = await createTestApp({
      ...dispatcherEnvironments()[0][1],
      GENERATION_RATE_LIMIT_PER_MINUTE: '3',
      GENERATION_QUEUE_CAP: '1',
      GENERATION_TIMEOUT_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await t.close();
    await gpu.close();
  });

  it('refuses more job starts per client IP than the limit with 429, while status polls go on', async () => {
    await registerWorker(t, { url: gpu.url });
    gpu.behaviour = 'hang';
    const first = await startJob(t, 'one');
    await waitForJob(t, first, ['IN_PROGRESS']);

    // The queue cap (1) is reached: the next starts are refused although the IP limit (3) is not.
    for (const start of [t.http.post('/api/start-dream').send({ mode: 'nightmare' }), t.http.post('/api/start-job').send({ prompt: 'two' })]) {
      const full = await start.expect(429);
      expect(full.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/queue is full/) });
    }

    // The fourth start within the minute: the per-IP limit answers before the queue is even looked at.
    const limited = await t.http.post('/api/start-job').send({ prompt: 'four' }).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many generation jobs/) });
    // How long to wait, in seconds: what the Forge and Dream pages tell the visitor.
    expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    for (let poll = 0; poll < 10; poll += 1) await t.http.get(`/api/job-status/${first}`).expect(200);
  });
});

describe('generation fallback and retention', () => {
  let t: TestApp;

  afterEach(() => t.close());

  it('with GENERATION_FALLBACK=refuse and no GPU worker, ends jobs as ERROR saying why, and the pages say nobody draws', async () => {
    t = await createTestApp({ GENERATION_FALLBACK: 'refuse', ADMIN_TOKEN });
    await expect(t.http.get('/api/generation/info').expect(200)).resolves.toMatchObject({ body: { renderer: 'none', models: [], gpus: [] } });
    const job = await waitForJob(t, await startJob(t, 'a cpu picture'));
    expect(job).toMatchObject({ status: 'ERROR', output: [] });
    expect((await adminJob(t, job.id)).error).toMatch(/No GPU worker is available/);
  });

  it('deletes finished jobs and their pictures once they are older than the retention age', async () => {
    t = await createTestApp({ GENERATION_RETENTION_DAYS: '1' });
    const old = await waitForJob(t, await startJob(t, 'an old picture'));
    const recent = await waitForJob(t, await startJob(t, 'a recent picture'));
    await t.database.handle.db.execute(sql`update generation_jobs set finished_at = now() - interval '25 hours' where id = ${old.id}`);

    expect(await t.app.get(JobMaintenance).deleteExpired()).toBe(1);
    await t.http.get(`/api/job-status/${old.id}`).expect(404);
    await t.http.get(old.output[0].url).expect(404);
    await t.http.get(`/api/job-status/${recent.id}`).expect(200);
    await t.http.get(recent.output[0].url).expect(200);
  });

  it('requeues jobs a crash left IN_PROGRESS, and gives up on one interrupted three times', async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    const rows = await queryRows<{ id: string }>(t, sql`
      insert into generation_jobs (prompt, status, attempts, started_at, heartbeat_at, worker_id)
      values ('an interrupted picture', 'IN_PROGRESS', 1, now(), now(), 'procedural'),
             ('a cursed picture', 'IN_PROGRESS', 3, now(), now(), 'procedural')
      returning id`);

    await t.app.get(JobMaintenance).recoverInterrupted('all');
    const [interrupted, cursed] = await Promise.all(rows.map((row) => waitForJob(t, row.id)));
    expect(interrupted.status).toBe('COMPLETED');
    expect(cursed.status).toBe('ERROR');
    expect((await adminJob(t, cursed.id)).error).toMatch(/interrupted 3 times/);
  });
});

describe('generation queue cap under concurrent starts', () => {
  const CAP = 5;
  let t: TestApp;
  let gpu: A1111StandIn;

  beforeAll(async () => {
    gpu = await startA1111StandIn();
    t = await createTestApp({ ...dispatcherEnvironments()[0][1], GENERATION_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_QUEUE_CAP: String(CAP) });
  });
  afterAll(async () => {
    await t.close();
    await gpu.close();
  });

  it('accepts exactly the cap when many starts arrive at once', async () => {
    await registerWorker(t, { url: gpu.url });
    gpu.behaviour = 'hang'; // every accepted job stays waiting or running
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.http.post('/api/start-job').send({ prompt: `at once ${i}` })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(CAP).fill(202), ...Array<number>(30 - CAP).fill(429)]);
    const active = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from generation_jobs where status in ('IN_QUEUE', 'IN_PROGRESS')`);
    expect(active[0].n).toBe(CAP);
  });
});
