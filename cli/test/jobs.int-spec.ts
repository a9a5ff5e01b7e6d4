import type { AdminJob, GpuWorker, JobStatus, JobStatusResponse, PurgeJobsResult } from '@atelier/contracts';
import { startA1111StandIn, type A1111StandIn } from '../../backend/test/stand-ins/a1111-stand-in';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-jobs-admin-token-0123456789';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const FINISHED: readonly JobStatus[] = ['COMPLETED', 'ERROR', 'CANCELLED', 'TIMED_OUT'];

// `atelier jobs ...`, run built against a real backend (in-process jobs, one at a time) and an
// AUTOMATIC1111 stand-in that can be made to fail or hang.
describe('atelier jobs (built) against a real backend', () => {
  const configDir = tempDirPerTest('atelier-cli-config-');
  let backend: BackendProcess;
  let a1111: A1111StandIn;

  beforeAll(async () => {
    requireBuilds();
    [backend, a1111] = await Promise.all([
      startBackend({ ADMIN_TOKEN, GENERATION_CONCURRENCY: '1', WORKER_HEALTH_INTERVAL_SECONDS: '3600' }),
      startA1111StandIn(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([backend?.stop(), a1111?.close()]);
  });

  const cli = (args: string[], token = ADMIN_TOKEN) => runCli(['--api', backend.url, '--token', token, ...args], { ATELIER_CONFIG_DIR: configDir() });
  const cliJson = async <T>(args: string[]): Promise<T> => {
    const run = await cli([...args, '--json']);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };

  /** The API directly, to set up and to check what the commands did. */
  async function api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${backend.url}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  const startJob = async (prompt: string) => (await api<{ id: string }>('POST', '/start-job', { prompt })).body.id;
  const jobStatus = async (id: string) => (await api<JobStatusResponse>('GET', `/job-status/${id}`)).body;
  async function waitForJob(id: string, statuses: readonly JobStatus[] = FINISHED): Promise<JobStatusResponse> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await jobStatus(id);
      if (statuses.includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Runs `use` with the stand-in registered as the only GPU worker, behaving as `behaviour`. */
  async function withWorker(behaviour: A1111StandIn['behaviour'], use: (worker: GpuWorker) => Promise<void>): Promise<void> {
    const { body: worker } = await api<GpuWorker>('POST', '/admin/workers', { name: `box-${behaviour}`, kind: 'a1111', url: a1111.url, gpu: 'RTX 3090' });
    a1111.behaviour = behaviour;
    try {
      await use(worker);
    } finally {
      a1111.behaviour = 'ok';
      await api('DELETE', `/admin/workers/${worker.id}`);
    }
  }

  it('list shows jobs newest first as a table or JSON, filtered by status; show prints one job', async () => {
    const prompt = 'a lighthouse on a rocky coast at sunset, painted in thick oils';
    const done = await waitForJob(await startJob(prompt));
    expect(done.status).toBe('COMPLETED');

    const table = await cli(['jobs', 'list']);
    expect(table).toMatchObject({ exitCode: 0, stderr: '' });
    expect(table.stdout).toMatch(/ID\s.*STATUS\s.*PROMPT\/MODE\s.*WORKER\s.*CREATED\s.*TIME/);
    const row = table.stdout.split('\n').find((line) => line.includes(done.id)) ?? '';
    expect(row).toMatch(/COMPLETED\s.*\sa lighthouse on a rocky coast at sunset…\s.*procedural\s.*\d{4}-\d\d-\d\dT\S+\s.*\d+ ms/);
    expect(row).not.toContain('thick oils');

    const list = await cliJson<AdminJob[]>(['jobs', 'list']);
    expect(list[0]).toMatchObject({ id: done.id, status: 'COMPLETED', prompt, workerId: 'procedural', url: `/assets/generated/${done.id}.png` });
    expect((await cliJson<AdminJob[]>(['jobs', 'list', '--status', 'COMPLETED', '--limit', '1'])).map((job) => job.id)).toEqual([done.id]);
    expect(await cliJson<AdminJob[]>(['jobs', 'list', '--status', 'TIMED_OUT'])).toEqual([]);
    expect((await cli(['jobs', 'list', '--status', 'TIMED_OUT'])).stdout).toBe('No TIMED_OUT jobs.\n');

    const show = await cli(['jobs', 'show', done.id]);
    expect(show).toMatchObject({ exitCode: 0, stderr: '' });
    expect(show.stdout).toMatch(/Status\s*│\s*COMPLETED/);
    expect(show.stdout).toContain(prompt);
    expect(show.stdout).toMatch(/Execution time\s*│\s*\d+ ms/);
    expect(show.stdout).toContain(`/assets/generated/${done.id}.png`);
    expect(await cliJson<AdminJob>(['jobs', 'show', done.id])).toEqual(list[0]);
  });

  it('cancel ends a queued and a running job as CANCELLED, and refuses a finished one', async () => {
    await withWorker('hang', async () => {
      const running = await startJob('a picture that never comes');
      await waitForJob(running, ['IN_PROGRESS']);
      const queued = await startJob('a picture waiting its turn'); // one job at a time: this one waits
      expect((await jobStatus(queued)).status).toBe('IN_QUEUE');

      const first = await cli(['jobs', 'cancel', queued]);
      expect(first).toMatchObject({ exitCode: 0, stderr: '', stdout: `Job ${queued} cancelled\n` });
      // Visitors read a general reason and the job id; the owner's view keeps who cancelled it.
      expect(await jobStatus(queued)).toMatchObject({ status: 'CANCELLED', error: `The job was cancelled (reference ${queued})` });
      expect(await cliJson<AdminJob>(['jobs', 'show', queued])).toMatchObject({ status: 'CANCELLED', error: 'Cancelled by the owner' });

      const second = await cliJson<AdminJob>(['jobs', 'cancel', running]);
      expect(second).toMatchObject({ id: running, status: 'CANCELLED', error: 'Cancelled by the owner' });
      // The runner is stopped, and neither it nor the queue brings either job back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const id of [running, queued]) expect((await jobStatus(id)).status).toBe('CANCELLED');

      const again = await cli(['jobs', 'cancel', running]);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toBe(`atelier: Job ${running} has already finished (CANCELLED) and cannot be cancelled (HTTP 409 CONFLICT)\n`);
    });
  });

  it('retry runs a failed job again as a new job that completes, and refuses a completed one', async () => {
    let failed = '';
    await withWorker('fail', async () => {
      failed = (await waitForJob(await startJob('a picture worth another try'))).id;
      expect((await jobStatus(failed)).status).toBe('ERROR');
    });

    const run = await cli(['jobs', 'retry', failed]);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    const [, retried] = /^Job \S+ retried as job (\S+) \((?:IN_QUEUE|IN_PROGRESS|COMPLETED)\)\n$/.exec(run.stdout) ?? [];
    expect(run.stdout.startsWith(`Job ${failed} retried as job `)).toBe(true);
    expect(await waitForJob(retried)).toMatchObject({ status: 'COMPLETED', workerId: 'procedural' });
    expect((await jobStatus(failed)).status).toBe('ERROR');

    const refused = await cli(['jobs', 'retry', retried]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe(
      `atelier: Job ${retried} is COMPLETED; only ERROR, CANCELLED, TIMED_OUT jobs can be retried (HTTP 409 CONFLICT)\n`,
    );
  });

  it('purge deletes finished jobs older than asked with their pictures, keeping unfinished ones', async () => {
    const done = await waitForJob(await startJob('a picture to purge'));
    const picture = `${backend.url}${done.output[0].url}`;
    expect((await fetch(picture)).status).toBe(200);

    const none = await cli(['jobs', 'purge', '--older-than', '7d']);
    expect(none).toMatchObject({ exitCode: 0, stderr: '', stdout: 'Deleted 0 finished jobs older than 7d\n' });
    expect((await jobStatus(done.id)).status).toBe('COMPLETED');

    await withWorker('hang', async () => {
      const running = await startJob('a picture still being made');
      await waitForJob(running, ['IN_PROGRESS']);

      const all = await cliJson<PurgeJobsResult>(['jobs', 'purge', '--older-than', '0d']);
      expect(all.deleted).toBeGreaterThanOrEqual(1);
      expect((await api('GET', `/job-status/${done.id}`)).status).toBe(404);
      expect((await fetch(picture)).status).toBe(404);
      expect((await jobStatus(running)).status).toBe('IN_PROGRESS');
      expect((await cliJson<AdminJob[]>(['jobs', 'list'])).map((job) => job.id)).toEqual([running]);

      await cli(['jobs', 'cancel', running]);
    });
  });

  it('rejects invalid input before calling the API, with exit code 2', async () => {
    for (const age of ['7w', 'abc', '-1d', '1.5d', '99999d']) {
      const run = await cli(['jobs', 'purge', '--older-than', age]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`option '--older-than <age>' argument '${age}' is invalid. must be a whole number of days, hours or minutes`);
    }
    const missing = await cli(['jobs', 'purge']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/required option '--older-than <age>' not specified/);

    const status = await cli(['jobs', 'list', '--status', 'DONE']);
    expect(status.exitCode).toBe(2);
    expect(status.stderr).toMatch(/--status <status>' argument 'DONE' is invalid\. Allowed choices are IN_QUEUE, IN_PROGRESS, COMPLETED, ERROR, CANCELLED, TIMED_OUT/);
    const limit = await cli(['jobs', 'list', '--limit', '0']);
    expect(limit.exitCode).toBe(2);
    expect(limit.stderr).toMatch(/--limit <n>' argument '0' is invalid\. must be a whole number from 1 to 500/);
    const noId = await cli(['jobs', 'show']);
    expect(noId.exitCode).toBe(2);
    expect(noId.stderr).toMatch(/missing required argument 'id'/);
  });

  it('reports unknown jobs and a wrong token in one line, exiting 1', async () => {
    for (const command of ['show', 'cancel', 'retry']) {
      const run = await cli(['jobs', command, UNKNOWN_ID]);
      expect(run).toMatchObject({ exitCode: 1, stdout: '' });
      expect(run.stderr).toBe(`atelier: No generation job with id ${UNKNOWN_ID} (HTTP 404 NOT_FOUND)\n`);
    }
    for (const args of [['jobs', 'list'], ['jobs', 'purge', '--older-than', '0d']]) {
      const run = await cli(args, 'wrong-token-0123456789');
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(/^atelier: The admin token is not valid \(HTTP 401 UNAUTHORIZED\); check --token or ATELIER_ADMIN_TOKEN\n$/);
    }
  });

  it('every jobs command has --help with an example', async () => {
    for (const name of ['list', 'show', 'cancel', 'retry', 'purge']) {
      const run = await cli(['jobs', name, '--help']);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(`$ atelier jobs ${name}`);
    }
  });
});
