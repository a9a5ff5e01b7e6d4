import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { HealthResponse } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { BACKEND_ENTRY, CLI_ENTRY, freePort, requireBuilt, runCli } from './helpers/built-cli';

const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string };

/** The table's rows as [label, value]. */
const tableRows = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('│'))
    .map((line) => line.split('│').slice(1, -1).map((cell) => cell.trim()));

describe('atelier (built) against a real backend', () => {
  let backend: BackendProcess | undefined;

  beforeAll(async () => {
    requireBuilt(CLI_ENTRY, 'npm run build -w cli');
    requireBuilt(BACKEND_ENTRY, 'npm run build -w contracts && npm run build -w backend');
    backend = await startBackend();
  });

  afterAll(async () => {
    await backend?.stop();
  });

  const api = () => backend!.url;

  describe('status', () => {
    it('prints a table saying the API and its PGlite database are up, and exits 0', async () => {
      const run = await runCli(['--api', api(), 'status']);
      expect(run).toMatchObject({ exitCode: 0, stderr: '' });
      const rows = tableRows(run.stdout);
      expect(rows).toEqual(
        expect.arrayContaining([
          ['API URL', api()],
          ['Status', 'ok'],
          ['Version', expect.stringMatching(/^\d+\.\d+\.\d+/)],
          ['Database driver', 'pglite'],
          ['Database answers', 'yes'],
          ['Database latency', expect.stringMatching(/^\d+(\.\d+)? ms$/)],
        ]),
      );
    });

    it('with --json prints the API health report as JSON', async () => {
      const run = await runCli(['status', '--json', '--api', api()]);
      expect(run).toMatchObject({ exitCode: 0, stderr: '' });
      const health = JSON.parse(run.stdout) as HealthResponse;
      expect(health.status).toBe('ok');
      expect(health.database).toMatchObject({ driver: 'pglite', ok: true });
      expect(Object.keys(health).sort()).toEqual(['database', 'status', 'uptimeSeconds', 'version']);
    });

    it('takes the API from ATELIER_API_URL, with or without a trailing /api', async () => {
      for (const value of [api(), `${api()}/api/`]) {
        const run = await runCli(['status', '--json'], { ATELIER_API_URL: value });
        expect(run.exitCode).toBe(0);
        expect((JSON.parse(run.stdout) as HealthResponse).database.driver).toBe('pglite');
      }
    });

    it('lets --api win over ATELIER_API_URL', async () => {
      const run = await runCli(['--api', api(), 'status'], { ATELIER_API_URL: 'http://127.0.0.1:9/nothing' });
      expect(run.exitCode).toBe(0);
    });
  });
});

describe('atelier (built) without a healthy API', () => {
  beforeAll(() => requireBuilt(CLI_ENTRY, 'npm run build -w cli'));

  it('says on one stderr line that it cannot reach the API, naming the URL, and exits 1', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await runCli(['--api', url, 'status']);
    expect(run).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `atelier: cannot reach the Atelier API at ${url} (connection refused)\n`,
    });
  });

  it('refuses an --api value that is not an http(s) URL with exit code 2, naming --api', async () => {
    const run = await runCli(['--api', 'notaurl', 'status']);
    expect(run).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'atelier: --api "notaurl" is not an http:// or https:// URL such as http://localhost:3000\n',
    });
  });

  it('names ATELIER_API_URL when the bad value came from there', async () => {
    const run = await runCli(['status'], { ATELIER_API_URL: 'localhost:3000' });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^atelier: ATELIER_API_URL \(used for --api\) "localhost:3000" is not an http/);
  });

  describe('against a stand-in server', () => {
    const degraded: HealthResponse = {
      status: 'degraded',
      version: '0.1.0',
      uptimeSeconds: 90,
      database: { driver: 'postgres', ok: false, latencyMs: null, error: 'the database did not answer' },
    };
    let server: http.Server;
    let url: string;
    let answer: { status: number; type: string; body: string };
    let authorization: string | undefined;

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        authorization = req.headers.authorization;
        res.writeHead(answer.status, { 'content-type': answer.type });
        res.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('shows a degraded API (HTTP 503) and exits 1, saying the database is not answering', async () => {
      answer = { status: 503, type: 'application/json', body: JSON.stringify(degraded) };
      const run = await runCli(['--api', url, 'status']);
      expect(run.exitCode).toBe(1);
      expect(tableRows(run.stdout)).toEqual(
        expect.arrayContaining([
          ['Status', 'degraded'],
          ['Database answers', 'no'],
        ]),
      );
      expect(run.stderr).toBe(
        `atelier: the API at ${url} is up, but its postgres database is not answering (status: degraded)\n`,
      );

      const json = await runCli(['--api', url, 'status', '--json']);
      expect(json.exitCode).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual(degraded);
    });

    it('says when the server answering is not an Atelier API', async () => {
      answer = { status: 200, type: 'text/html', body: '<!doctype html><title>Some other site</title>' };
      const run = await runCli(['--api', url, 'status']);
      expect(run).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `atelier: cannot reach the Atelier API at ${url} (GET /api/health answered HTTP 200 with text/html, not JSON; is this an Atelier site?)\n`,
      });
    });

    it('does not send or print the admin token for status', async () => {
      answer = { status: 503, type: 'application/json', body: JSON.stringify(degraded) };
      const run = await runCli(['--api', url, '--token', 'tok-secret-123', 'status'], { ATELIER_ADMIN_TOKEN: 'tok-env-456' });
      expect(authorization).toBeUndefined();
      expect(run.stdout + run.stderr).not.toMatch(/tok-/);
    });
  });
});

describe('atelier (built) usage', () => {
  beforeAll(() => requireBuilt(CLI_ENTRY, 'npm run build -w cli'));

  it('--version prints the package version', async () => {
    expect(await runCli(['--version'])).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help describes the tool, lists status and the environment variables', async () => {
    const run = await runCli(['--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Manage an Atelier site from the terminal');
    expect(run.stdout).toMatch(/^\s+status\b/m);
    expect(run.stdout).toContain('ATELIER_API_URL');
    expect(run.stdout).toContain('ATELIER_ADMIN_TOKEN');
  });

  it('status --help shows an example', async () => {
    const run = await runCli(['status', '--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/Examples:\n\s+\$ atelier status/);
  });

  it('rejects an unknown command or option with a non-zero exit code', async () => {
    const command = await runCli(['stauts']);
    expect(command.exitCode).not.toBe(0);
    expect(command.stderr).toContain("atelier: unknown command 'stauts'");
    expect(command.stderr).toContain('Did you mean status?');

    const option = await runCli(['status', '--jsno']);
    expect(option.exitCode).not.toBe(0);
    expect(option.stderr).toContain("atelier: unknown option '--jsno'");
  });
});
