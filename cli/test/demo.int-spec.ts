import type { DemoRemoval, SiteContent } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-demo-admin-token-0123456789';

// `atelier demo ...`, run built against a real backend seeded as a fresh install; what changed is
// checked through the public API. The tests run in order: show, refusals, remove, remove again.
describe('atelier demo (built) against a real backend', () => {
  const configDir = tempDirPerTest('atelier-cli-config-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  // runCli closes stdin: never a terminal, as in a script.
  const cli = (args: string[]) => runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: configDir() });
  const json = async <T>(args: string[]): Promise<T> => {
    const run = await cli([...args, '--json']);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };
  const site = async () => (await (await fetch(`${backend.url}/api/content/site`)).json()) as SiteContent;

  it('show says what remove would remove, --json gives the report, and nothing is removed', async () => {
    const report = await json<DemoRemoval>(['demo', 'show']);
    expect(report).toMatchObject({ dryRun: true, career: 5, patents: 2, projects: 6, ads: 2, notices: 1, trending: 11 });
    expect(report.gallery).toBeGreaterThan(0);
    expect(report.pictures).toBeGreaterThan(report.gallery);
    expect(report).not.toHaveProperty('members');

    const human = await cli(['demo', 'show']);
    expect(human).toMatchObject({ exitCode: 0, stderr: '' });
    expect(human.stdout).toMatch(/^atelier demo remove would remove 5 career items, 2 patents, 6 projects, 2 GPU ads, 1 notice, \d+ gallery items, \d+ exhibit items and 11 trending people, and delete \d+ files nothing would name any more\.\n/);
    expect(human.stdout).toMatch(/\nWith --members, also the demo's 8 Matrix Network members and their posts \(never the guest\)\.\n$/);

    const withMembers = await json<DemoRemoval>(['demo', 'show', '--members']);
    expect(withMembers).toMatchObject({ ...report, pictures: expect.any(Number), members: 8, posts: expect.any(Number), friendships: expect.any(Number) });
    expect((await site()).career).toHaveLength(5);
  });

  it('remove refuses to run unasked when stdin is not a terminal: a usage error saying to add --yes', async () => {
    for (const args of [['demo', 'remove'], ['demo', 'remove', '--members', '--json']]) {
      const run = await cli(args);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^atelier: demo remove asks before it removes anything, and stdin is not a terminal: add --yes/);
    }
    expect((await site()).projects).toHaveLength(6);
  });

  it('remove --yes removes the demo content and says what it removed; a second run says none is left', async () => {
    const expected = await json<DemoRemoval>(['demo', 'show']);
    const removed = await json<DemoRemoval>(['demo', 'remove', '--yes']);
    expect(removed).toEqual({ ...expected, dryRun: false });
    const after = await site();
    expect([after.career, after.projects, after.ads, after.notices, after.profile.patents]).toEqual([[], [], [], [], []]);
    // The members stay without --members, and show says so.
    expect(await json<DemoRemoval>(['demo', 'show', '--members'])).toMatchObject({ career: 0, members: 8 });
    expect((await cli(['demo', 'show'])).stdout).toBe("No demo content left.\nWith --members, also the demo's 8 Matrix Network members and their posts (never the guest).\n");

    const human = await cli(['demo', 'remove', '--members', '--yes']);
    expect(human).toMatchObject({ exitCode: 0, stderr: '' });
    expect(human.stdout).toMatch(/^Removed 8 demo members, \d+ posts, \d+ comments, \d+ likes and \d+ friendships; deleted \d+ files nothing names any more\.\n$/);

    expect(await cli(['demo', 'remove', '--members', '--yes'])).toMatchObject({ exitCode: 0, stdout: 'No demo content left.\n', stderr: '' });
    expect(await cli(['demo', 'show'])).toMatchObject({ exitCode: 0, stdout: 'No demo content left.\n' });
  });

  it('every demo command has --help with an example, and refuses without the token', async () => {
    for (const name of ['show', 'remove']) {
      const run = await cli(['demo', name, '--help']);
      expect(run).toMatchObject({ exitCode: 0, stderr: '' });
      expect(run.stdout).toContain(`$ atelier demo ${name}`);
    }
    const remove = await cli(['demo', 'remove', '--help']);
    expect(remove.stdout).toMatch(/--members/);
    expect(remove.stdout).toMatch(/-y, --yes/);
    expect((await cli(['demo', '--help'])).stdout).toContain('$ atelier demo show');

    const tokenless = await runCli(['--api', backend.url, 'demo', 'show'], { ATELIER_CONFIG_DIR: configDir() });
    expect(tokenless.exitCode).toBe(2);
    expect(tokenless.stderr).toMatch(/needs the admin token/);
    const wrong = await runCli(['--api', backend.url, '--token', 'not-the-token', 'demo', 'remove', '--yes'], { ATELIER_CONFIG_DIR: configDir() });
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toMatch(/HTTP 401 UNAUTHORIZED/);
  });
});
