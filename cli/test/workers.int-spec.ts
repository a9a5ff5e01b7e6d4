import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GpuWorker, WorkerTestResult } from '@atelier/contracts';
import { startA1111StandIn, type A1111StandIn } from '../../backend/test/stand-ins/a1111-stand-in';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-workers-admin-token-0123456789';

// `atelier login/logout` and `atelier workers ...`, run built against a real backend and an
// AUTOMATIC1111 stand-in (the backend's own, from backend/test/stand-ins).
describe('atelier login and workers (built) against a real backend', () => {
  const configDir = tempDirPerTest('atelier-cli-config-');
  let backend: BackendProcess;
  let a1111: A1111StandIn;

  beforeAll(async () => {
    requireBuilds();
    [backend, a1111] = await Promise.all([startBackend({ ADMIN_TOKEN }), startA1111StandIn()]);
  });
  afterAll(async () => {
    await Promise.all([backend?.stop(), a1111?.close()]);
  });

  /** The CLI with its own config dir, and the site and token given as flags unless `login` is used. */
  const cli = (args: string[], { flags = true } = {}) =>
    runCli(flags ? ['--api', backend.url, '--token', ADMIN_TOKEN, ...args] : args, { ATELIER_CONFIG_DIR: configDir() });
  const workersJson = async () => JSON.parse((await cli(['workers', 'list', '--json'])).stdout) as GpuWorker[];

  describe('login and logout', () => {
    it('login checks the pair, stores it with mode 0600, and later commands use it', async () => {
      const run = await cli(['login']);
      expect(run).toMatchObject({ exitCode: 0, stderr: '' });
      const file = path.join(configDir(), 'config.json');
      expect(run.stdout).toContain(`Logged in to ${backend.url}; saved in ${file}`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ apiUrl: backend.url, token: ADMIN_TOKEN });

      const list = await cli(['workers', 'list', '--json'], { flags: false });
      expect(list).toMatchObject({ exitCode: 0, stderr: '' });
      expect(Array.isArray(JSON.parse(list.stdout))).toBe(true);

      expect((await cli(['logout'], { flags: false })).stdout).toContain(`Logged out; removed ${file}`);
      expect(fs.existsSync(file)).toBe(false);
      const after = await cli(['workers', 'list'], { flags: false });
      expect(after.exitCode).toBe(2);
      expect(after.stderr).toMatch(/needs the admin token: run atelier login/);
      expect((await cli(['logout'], { flags: false })).stdout).toContain('Not logged in');
    });

    it("login run beside the site reads its token and address from the data dir, and prints neither the token nor a way to see it", async () => {
      // What the site writes there: its generated token (admin-token) and the address it answers at (site-url).
      const siteData = path.join(configDir(), 'data');
      fs.mkdirSync(siteData);
      fs.writeFileSync(path.join(siteData, 'admin-token'), `${ADMIN_TOKEN}\n`, { mode: 0o600 });
      fs.writeFileSync(path.join(siteData, 'site-url'), `${backend.url}\n`);
      const file = path.join(configDir(), 'config.json');

      for (const run of [
        await runCli(['login', '--data-dir', siteData], { ATELIER_CONFIG_DIR: configDir() }),
        await runCli(['login'], { ATELIER_CONFIG_DIR: configDir(), DATA_DIR: siteData }),
      ]) {
        expect(run).toMatchObject({ exitCode: 0, stderr: '' });
        expect(run.stdout).toBe(`Logged in to ${backend.url} with the admin token in ${path.join(siteData, 'admin-token')}; saved in ${file}\n`);
        expect(run.stdout).not.toContain(ADMIN_TOKEN);
        expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ apiUrl: backend.url, token: ADMIN_TOKEN });
      }

      fs.rmSync(path.join(siteData, 'admin-token'));
      const none = await runCli(['login', '--data-dir', siteData], { ATELIER_CONFIG_DIR: configDir() });
      expect(none.exitCode).toBe(1);
      expect(none.stderr).toBe(
        `atelier: no admin token given, and none in ${path.join(siteData, 'admin-token')}: run this where the site keeps its data (--data-dir DIR), or pass --token (a site given ADMIN_TOKEN keeps no file)\n`,
      );
    });

    it('login with a wrong token saves nothing and says why, exiting 1', async () => {
      const run = await runCli(['login', '--api', backend.url, '--token', 'wrong-token-0123456789'], { ATELIER_CONFIG_DIR: configDir() });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe(`atelier: the API at ${backend.url} refused that admin token; nothing was saved\n`);
      expect(fs.existsSync(path.join(configDir(), 'config.json'))).toBe(false);
    });

    it('does not send the stored token to another site given with --api', async () => {
      await cli(['login']);
      const run = await cli(['--api', 'http://127.0.0.1:9', 'workers', 'list'], { flags: false });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/needs the admin token/);
    });
  });

  describe('workers', () => {
    it('register checks the worker, list shows it healthy, and a test generation runs through it', async () => {
      const register = await cli(['workers', 'register', '--name', 'a5000', '--kind', 'a1111', '--url', a1111.url, '--gpu', 'RTX A5000', '--json']);
      expect(register).toMatchObject({ exitCode: 0, stderr: '' });
      const worker = JSON.parse(register.stdout) as GpuWorker;
      expect(worker).toMatchObject({ name: 'a5000', kind: 'a1111', url: a1111.url, gpu: 'RTX A5000', enabled: true, concurrency: 1 });

      const table = await cli(['workers', 'list']);
      expect(table.exitCode).toBe(0);
      expect(table.stdout).toMatch(/ID\s.*NAME\s.*KIND\s.*GPU\s.*URL\s.*ENABLED\s.*HEALTH\s.*LOAD\s.*LAST SEEN/);
      const row = table.stdout.split('\n').find((line) => line.includes(worker.id)) ?? '';
      expect(row).toMatch(/a5000.*a1111.*RTX A5000.*v1-5-pruned-emaonly.*yes.*healthy.*0\/1/);

      const test = await cli(['workers', 'test', worker.id, '--json']);
      expect(test).toMatchObject({ exitCode: 0, stderr: '' });
      const result = JSON.parse(test.stdout) as WorkerTestResult;
      expect(result).toMatchObject({ workerId: worker.id, gpu: 'RTX A5000', model: 'v1-5-pruned-emaonly.safetensors [6ce0161689]', width: 512, height: 512 });
      expect(result.bytes).toBeGreaterThan(0);
      expect(a1111.requests.some((request) => request.path === '/sdapi/v1/txt2img')).toBe(true);
      const human = await cli(['workers', 'test', worker.id]);
      expect(human.stdout).toMatch(/GPU\s*│\s*RTX A5000/);
      expect(human.stdout).toMatch(/Model\s*│\s*v1-5-pruned-emaonly\.safetensors/);
      expect(human.stdout).toMatch(/Execution time\s*│\s*\d+ ms/);
      expect(human.stdout).toMatch(/Queue time\s*│\s*\d+ ms/);
      // It waits as long as the server allows a test (health check, queue and render limits), and says so.
      expect(human.stderr).toMatch(/^Testing a5000: this may take up to \d+ s \(health check, cold start, render\)\n$/);

      await cli(['workers', 'remove', worker.id]);
    });

    it('disable and enable switch the worker, show prints it, update changes it, remove unregisters it', async () => {
      const worker = JSON.parse(
        (await cli(['workers', 'register', '--name', 'spare', '--kind', 'comfyui', '--url', 'http://127.0.0.1:9', '--gpu', 'RTX 3090', '--no-check', '--json'])).stdout,
      ) as GpuWorker;

      expect((await cli(['workers', 'disable', worker.id])).stdout).toBe(`Worker spare (${worker.id}) disabled\n`);
      expect((await workersJson()).find((each) => each.id === worker.id)?.enabled).toBe(false);
      expect((await cli(['workers', 'enable', worker.id])).stdout).toBe(`Worker spare (${worker.id}) enabled\n`);
      const show = await cli(['workers', 'show', worker.id]);
      expect(show.stdout).toMatch(/Name\s*│\s*spare/);
      expect(show.stdout).toMatch(/Enabled\s*│\s*yes/);

      // update: what register set, changed field by field; "" clears a checkpoint; add is register's other name.
      const updated = await cli(['workers', 'update', worker.id, '--gpu', 'RTX 4090', '--concurrency', '2', '--checkpoint', 'sd_xl_base_1.0.safetensors', '--json']);
      expect(updated).toMatchObject({ exitCode: 0, stderr: '' });
      expect(JSON.parse(updated.stdout)).toMatchObject({ name: 'spare', gpu: 'RTX 4090', concurrency: 2, checkpoint: 'sd_xl_base_1.0.safetensors' });
      expect(JSON.parse((await cli(['workers', 'update', worker.id, '--checkpoint', '', '--json'])).stdout)).toMatchObject({ checkpoint: null });
      expect(await cli(['workers', 'update', worker.id])).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/^atelier: nothing to change: give --name/) });
      const added = await cli(['workers', 'add', '--name', 'spare-2', '--kind', 'a1111', '--url', 'http://127.0.0.1:9', '--gpu', 'RTX 3090', '--no-check', '--json']);
      expect(added).toMatchObject({ exitCode: 0, stderr: '' });

      for (const id of [worker.id, (JSON.parse(added.stdout) as GpuWorker).id]) expect((await cli(['workers', 'remove', id])).stdout).toBe(`Worker ${id} removed\n`);
      expect((await workersJson()).some((each) => each.id === worker.id)).toBe(false);
    });

    it('refuses a worker that does not answer, naming url and how to save it anyway, and saves nothing', async () => {
      const run = await cli(['workers', 'register', '--name', 'gone', '--kind', 'a1111', '--url', 'http://127.0.0.1:9', '--gpu', 'RTX 3090']);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(
        /^atelier: The worker at http:\/\/127\.0\.0\.1:9 did not pass its health check \(HTTP 400 VALIDATION_FAILED\): url: .+ \(add --no-check to save it anyway\)\n$/,
      );
      expect(run.stderr.split('\n')).toHaveLength(2); // one line and its newline
      expect((await workersJson()).some((each) => each.name === 'gone')).toBe(false);
    });

    it('registers a RunPod worker with its image and a ComfyUI one with its checkpoint, and says what the API refused', async () => {
      const template = path.join(os.tmpdir(), `atelier-input-${process.pid}.json`);
      fs.writeFileSync(template, JSON.stringify({ prompt: '{{prompt}}', seed: '{{seed}}', steps: 4 }));
      try {
        const pod = await cli([
          'workers', 'register', '--name', 'pod', '--kind', 'runpod', '--url', 'https://api.runpod.ai/v2/abc123', '--gpu', 'RTX 4090',
          '--runpod-image', 'custom', '--input-template', template, '--no-check', '--json',
        ]);
        expect(pod).toMatchObject({ exitCode: 0, stderr: '' });
        const saved = JSON.parse(pod.stdout) as GpuWorker;
        expect(saved).toMatchObject({ runpodImage: 'custom', inputTemplate: { prompt: '{{prompt}}', seed: '{{seed}}', steps: 4 } });
        expect((await cli(['workers', 'show', saved.id])).stdout).toMatch(/Kind\s*│\s*runpod \(custom\)/);
        await cli(['workers', 'remove', saved.id]);
      } finally {
        fs.rmSync(template, { force: true });
      }
      const misplaced = await cli(['workers', 'register', '--name', 'x', '--kind', 'a1111', '--url', a1111.url, '--gpu', 'G', '--checkpoint', 'x.safetensors']);
      expect(misplaced.exitCode).toBe(1);
      expect(misplaced.stderr).toMatch(/checkpoint: is for ComfyUI/);
      const image = await cli(['workers', 'register', '--name', 'x', '--kind', 'runpod', '--url', a1111.url, '--gpu', 'G', '--runpod-image', 'dalle']);
      expect(image.exitCode).not.toBe(0);
      expect(image.stderr).toMatch(/--runpod-image.*dalle.*sd-v1, sdxl, sdxl-turbo, a1111, comfyui, custom/s);
    });

    it('rejects bad input before calling the API, and reports unknown ids and bad tokens', async () => {
      const kind = await cli(['workers', 'register', '--name', 'x', '--kind', 'tensorrt', '--url', a1111.url, '--gpu', 'G']);
      expect(kind.exitCode).toBe(2);
      expect(kind.stderr).toMatch(/--kind <kind>' argument 'tensorrt' is invalid\. Allowed choices are a1111, comfyui, runpod/);
      const concurrency = await cli(['workers', 'register', '--name', 'x', '--kind', 'a1111', '--url', a1111.url, '--gpu', 'G', '--concurrency', '0']);
      expect(concurrency.exitCode).toBe(2);
      expect(concurrency.stderr).toMatch(/--concurrency <n>' argument '0' is invalid\. must be a whole number of 1 or more/);

      const unknown = await cli(['workers', 'disable', '00000000-0000-4000-8000-000000000000']);
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^atelier: .*\(HTTP 404 NOT_FOUND\)/);

      const badToken = await runCli(['--api', backend.url, '--token', 'wrong-token-0123456789', 'workers', 'list'], { ATELIER_CONFIG_DIR: configDir() });
      expect(badToken.exitCode).toBe(1);
      expect(badToken.stderr).toMatch(/\(HTTP 401 UNAUTHORIZED\); check --token or ATELIER_ADMIN_TOKEN/);
    });

    it('status with the admin token shows the job queue, the workers and the job counts', async () => {
      const worker = JSON.parse(
        (await cli(['workers', 'register', '--name', 'status-check', '--kind', 'a1111', '--url', a1111.url, '--gpu', 'RTX 3090', '--json'])).stdout,
      ) as GpuWorker;
      const run = await cli(['status']);
      expect(run).toMatchObject({ exitCode: 0, stderr: '' });
      expect(run.stdout).toMatch(/Job queue\s*│\s*in-process/);
      expect(run.stdout).toMatch(/GPU workers\s*│\s*1 healthy of 1 enabled \(1 registered\)/);
      expect(run.stdout).toMatch(/Jobs\s*│\s*\d+ queued, \d+ running, \d+ completed, \d+ failed, \d+ cancelled, \d+ timed out/);
      const json = JSON.parse((await cli(['status', '--json'])).stdout) as { generation: { workers: unknown; jobs: Record<string, number> } };
      expect(json.generation.workers).toEqual({ total: 1, enabled: 1, healthy: 1 });
      expect(Object.keys(json.generation.jobs).sort()).toEqual(['CANCELLED', 'COMPLETED', 'ERROR', 'IN_PROGRESS', 'IN_QUEUE', 'TIMED_OUT']);
      await cli(['workers', 'remove', worker.id]);
    });

    it('every workers command has --help with an example', async () => {
      for (const name of ['register', 'list', 'show', 'update', 'enable', 'disable', 'remove', 'test']) {
        const run = await cli(['workers', name, '--help']);
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toContain(`$ atelier workers ${name}`);
      }
    });
  });
});
