import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { BACKEND_ENTRY, CLI_ENTRY, REPO_ROOT, requireBuilt } from './helpers/built-cli';

const run = promisify(execFile);
const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string };

/** The CLI as its user finds it: on PATH, outside the repository, none of the caller's ATELIER_* settings. */
function atelier(command: string, args: string[], home: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ATELIER_CONFIG_DIR: path.join(home, 'config') };
  delete env.ATELIER_API_URL;
  delete env.ATELIER_ADMIN_TOKEN;
  return run(command, args, { cwd: home, env, timeout: 30_000 });
}

describe('the atelier command', () => {
  let backend: BackendProcess | undefined;
  let home: string;

  beforeAll(async () => {
    requireBuilt(CLI_ENTRY, 'npm run build -w cli');
    requireBuilt(BACKEND_ENTRY, 'npm run build -w contracts && npm run build -w backend');
    backend = await startBackend();
  });
  afterAll(() => backend?.stop());
  beforeEach(() => (home = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-install-'))));
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it('is linked into the repository by npm ci, so npx atelier runs it', async () => {
    const bin = path.join(REPO_ROOT, 'node_modules/.bin/atelier');
    expect(fs.existsSync(bin)).toBe(true); // missing: the bin named a file that npm ci could not find yet
    const { stdout } = await atelier(bin, ['--version'], home);
    expect(stdout.trim()).toBe(version);
  });

  it('packs into a tarball that npm installs globally offline, and talks to a site from there', async () => {
    await run(process.execPath, [path.join(REPO_ROOT, 'cli/scripts/pack.mjs'), home], { timeout: 60_000 });
    const tarball = path.join(home, `atelier-cli-${version}.tgz`);
    const prefix = path.join(home, 'global');
    // --offline: every dependency is in the bundle, nothing (not @atelier/contracts) comes from a registry.
    await run('npm', ['install', '--global', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tarball], { timeout: 60_000 });
    const installed = path.join(prefix, 'bin/atelier');

    expect((await atelier(installed, ['--version'], home)).stdout.trim()).toBe(version);
    const status = await atelier(installed, ['status', '--json', '--api', backend!.url], home);
    expect(JSON.parse(status.stdout)).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
  });
});
