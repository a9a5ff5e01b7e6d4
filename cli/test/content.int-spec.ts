import * as fs from 'node:fs';
import * as path from 'node:path';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-content-admin-token-0123456789';
type Item = Record<string, unknown>;

// `atelier <noun> list|show|add|update|remove|export|import` and `atelier site ...`, run built against
// a real backend on a fresh data dir() (seeded with the demo showcase: 21 resources, 6 projects, ...).
describe('atelier content commands (built) against a real backend', () => {
  const dir = tempDirPerTest('atelier-cli-content-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(() => backend?.stop());

  const cli = (...args: string[]) => runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: dir() });
  const api = async <T>(apiPath: string) => (await (await fetch(`${backend.url}/api${apiPath}`)).json()) as T;
  const ok = async (...args: string[]) => {
    const run = await cli(...args);
    expect({ args, ...run }).toMatchObject({ exitCode: 0, stderr: '' });
    return run.stdout;
  };

  it('resources: list, show, add, update and remove, with the public site following', async () => {
    const table = await ok('resources', 'list');
    expect(table).toMatch(/ID\s.*TITLE\s.*FORMAT\s.*URL/);
    const listed = JSON.parse(await ok('resources', 'list', '--json')) as Item[];
    expect(listed).toHaveLength(21);
    expect(table.split('\n').filter((line) => listed.some((item) => line.includes(String(item.id))))).toHaveLength(21);
    expect(await ok('resources', 'show', String(listed[0].id))).toMatch(new RegExp(`title\\s*│\\s*${String(listed[0].title).slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    const file = path.join(dir(), 'link.json');
    fs.writeFileSync(file, JSON.stringify({ title: 'Node.js docs', channel: 'OpenJS', site: 'nodejs.org', url: 'https://nodejs.org/docs/latest/api/', note: 'The API reference', icon: 'docs' }));
    const added = JSON.parse(await ok('resources', 'add', '--file', file, '--set', 'fmat=web', '--json')) as Item;
    expect(added).toMatchObject({ title: 'Node.js docs', fmat: 'web', idu: 'https://nodejs.org/docs/latest/api/' });
    expect(await api<Item[]>('/content/resources')).toHaveLength(22);

    expect(await ok('resources', 'update', String(added.id), '--set', 'title=Node.js API reference')).toBe(`Updated resource link ${added.id}\n`);
    expect((await api<Item[]>('/content/resources')).find((item) => item.id === added.id)?.title).toBe('Node.js API reference');

    expect(await ok('resources', 'remove', String(added.id))).toBe(`Removed resource link ${added.id}\n`);
    expect(await api<Item[]>('/content/resources')).toHaveLength(21);
  });

  it('refuses bad input with the field named, unknown ids, and a bad token, each on one line', async () => {
    const bad = await cli('resources', 'add', '--set', 'title=x', '--set', 'url=not a url');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^atelier: .*\(HTTP 400 VALIDATION_FAILED\): .*url: /);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);

    const nothing = await cli('exhibit', 'add');
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toBe('atelier: nothing to send: give --file FILE or --set field=value\n');

    const unknown = await cli('exhibit', 'show', '00000000-0000-4000-8000-000000000000');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/\(HTTP 404 NOT_FOUND\)/);

    const token = await runCli(['--api', backend.url, '--token', 'wrong-token-0123456789', 'trending', 'list'], { ATELIER_CONFIG_DIR: dir() });
    expect(token.exitCode).toBe(1);
    expect(token.stderr).toMatch(/\(HTTP 401 UNAUTHORIZED\); check --token/);
  });

  it('export then import restores removed items and skips the ones the site has; a second import adds nothing', async () => {
    const manifest = path.join(dir(), 'trending.json');
    expect(await ok('trending', 'export', '--output', manifest)).toBe(`Exported 11 trending users to ${manifest}\n`);
    const before = await api<Item[]>('/content/trending');
    for (const user of before.slice(0, 3)) await ok('trending', 'remove', String(user._id));
    expect(await api<Item[]>('/content/trending')).toHaveLength(8);

    expect(await ok('trending', 'import', manifest)).toBe(`Imported ${manifest}: added 3, skipped 8 already there, failed 0\n`);
    const after = await api<Item[]>('/content/trending');
    const names = (users: Item[]) => users.map((user) => `${user.firstName} ${user.lastName} ${user.location}`).sort();
    expect(names(after)).toEqual(names(before));
    expect(JSON.parse(await ok('trending', 'import', manifest, '--json'))).toEqual({ added: 0, skipped: 11, failed: [] });
  });

  it('projects import by slug, pages included', async () => {
    const manifest = path.join(dir(), 'projects.json');
    await ok('projects', 'export', '--output', manifest);
    const solar = await api<Item>('/content/projects/solar');
    await ok('projects', 'remove', 'solar');
    expect((await fetch(`${backend.url}/api/content/projects/solar`)).status).toBe(404);

    expect(await ok('projects', 'import', manifest)).toBe(`Imported ${manifest}: added 1, skipped 5 already there, failed 0\n`);
    expect(await api<Item>('/content/projects/solar')).toEqual(solar);
  });

  it('import refuses a file that is not an export of that collection', async () => {
    const other = path.join(dir(), 'exhibit.json');
    await ok('exhibit', 'export', '--output', other);
    const wrong = await cli('resources', 'import', other);
    expect(wrong).toMatchObject({ exitCode: 1, stderr: `atelier: ${other} holds exhibit items; import it with atelier exhibit import\n` });
    const junk = path.join(dir(), 'junk.json');
    fs.writeFileSync(junk, '{"hello": 1}');
    expect((await cli('exhibit', 'import', junk)).stderr).toBe(`atelier: ${junk} is not an atelier export (write one with atelier exhibit export)\n`);
  });

  it('site: show, update a field, export and import it back', async () => {
    const exported = path.join(dir(), 'site.json');
    await ok('site', 'export', '--output', exported);
    expect(await ok('site', 'update', '--set', 'ownerName=Ada Lovelace')).toBe('Updated the profile card\n');
    expect((await api<{ profile: Item }>('/content/site')).profile.ownerName).toBe('Ada Lovelace');
    expect(await ok('site', 'show')).toMatch(/ownerName\s*│\s*Ada Lovelace/);

    await ok('site', 'import', exported);
    expect((await api<{ profile: Item }>('/content/site')).profile.ownerName).toBe('Alex Morgan');
  });

  it('every content command has --help with an example', async () => {
    for (const noun of ['gallery', 'exhibit', 'resources', 'trending', 'projects']) {
      for (const command of ['list', 'show', 'add', 'update', 'remove', 'export', 'import']) {
        expect(await ok(noun, command, '--help')).toContain(`$ atelier ${noun} ${command}`);
      }
    }
    for (const command of ['show', 'update', 'export', 'import']) expect(await ok('site', command, '--help')).toContain(`$ atelier site ${command}`);
  });
});
