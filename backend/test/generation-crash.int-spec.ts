import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import type { GpuWorker, JobStatus, JobStatusResponse } from '@atelier/contracts';
import { ADMIN_TOKEN, admin } from './helpers/generation';
import { expectBuilt, startServer, WORKER, type RunningServer } from './helpers/server-process';
import { makeTempDir } from './helpers/test-app';
import { createTestDatabase, testDriver } from './helpers/test-database';
import { startA1111StandIn, type A1111StandIn } from './stand-ins/a1111-stand-in';
import { waitForRequest } from './stand-ins/stand-in-server';

// Crashes for real: the built server (or worker) is killed with SIGKILL while a GPU worker is busy with
// a job, so no shutdown hook hands the job back; the next start must find it and finish it.

async function api<T>(server: RunningServer, route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}/api${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...admin, ...init.headers },
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function waitForStatus(server: RunningServer, id: string, statuses: JobStatus[], timeoutMs: number): Promise<JobStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api<JobStatusResponse>(server, `/job-status/${id}`);
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers the stand-in, then makes it hang and starts a job that it will be busy with. */
async function jobStuckOnGpu(server: RunningServer, gpu: A1111StandIn): Promise<{ worker: GpuWorker; jobId: string }> {
  const worker = await api<GpuWorker>(server, '/admin/workers', {
    method: 'POST',
    body: JSON.stringify({ name: 'crash-box', kind: 'a1111', url: gpu.url, gpu: 'RTX A5000' }),
  });
  gpu.behaviour = 'hang';
  const { id } = await api<{ id: string }>(server, '/start-job', { method: 'POST', body: JSON.stringify({ prompt: 'a picture cut short' }) });
  await waitForStatus(server, id, ['IN_PROGRESS'], 20_000);
  // Claimed is not yet sent: the crash must come once the GPU holds the request.
  await waitForRequest(gpu, (request) => request.path === '/sdapi/v1/txt2img', 20_000);
  return { worker, jobId: id };
}

describe('a job interrupted by a crash', () => {
  let dataDir: string;
  let gpu: A1111StandIn;
  const servers: RunningServer[] = [];
  const env = () => ({ DATA_DIR: dataDir, ADMIN_TOKEN, WORKER_HEALTH_INTERVAL_SECONDS: '3600' });

  beforeAll(expectBuilt);
  beforeEach(async () => {
    dataDir = makeTempDir('atelier-crash-');
    gpu = await startA1111StandIn();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.kill()));
    await gpu.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  (testDriver() === 'pglite' ? it : it.skip)('is requeued when the server starts again, and completes', async () => {
    const first = await startServer(env());
    servers.push(first);
    const { worker, jobId } = await jobStuckOnGpu(first, gpu);

    await first.kill();
    servers.pop();
    gpu.behaviour = 'ok';
    const second = await startServer(env());
    servers.push(second);

    const job = await waitForStatus(second, jobId, ['COMPLETED', 'ERROR'], 20_000);
    expect(job).toMatchObject({ status: 'COMPLETED', workerId: worker.id, error: null });
    expect(job.output[0].image.length).toBeGreaterThan(1000);
    expect(gpu.requests.filter((request) => request.path === '/sdapi/v1/txt2img')).toHaveLength(2);
  }, 60_000);

  // Scale-out: API processes that only enqueue, and a separate `npm run worker` process that dies.
  const scaleOut = testDriver() === 'postgres' && process.env.REDIS_URL ? it : it.skip;
  scaleOut('is taken over by the next worker process once its heartbeat goes stale, and completes', async () => {
    const database = await createTestDatabase();
    await database.handle.close();
    const shared = { ...env(), DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `crash-${process.pid}-${Date.now()}` };
    const server = await startServer({ ...shared, GENERATION_CONSUMER: 'false' });
    servers.push(server);
    const startWorker = () => {
      const child = spawn(process.execPath, [WORKER], { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...shared }, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return { kill: async () => (child.kill('SIGKILL'), await exited) };
    };

    const firstWorker = startWorker();
    const { worker, jobId } = await jobStuckOnGpu(server, gpu).catch(async (error: unknown) => {
      await firstWorker.kill();
      throw error;
    });
    await firstWorker.kill();
    gpu.behaviour = 'ok';
    const secondWorker = startWorker();
    try {
      const job = await waitForStatus(server, jobId, ['COMPLETED', 'ERROR'], 45_000);
      expect(job).toMatchObject({ status: 'COMPLETED', workerId: worker.id });
    } finally {
      await secondWorker.kill();
      await Promise.all(servers.splice(0).map((running) => running.kill()));
      await database.destroy();
    }
  }, 90_000);
});
