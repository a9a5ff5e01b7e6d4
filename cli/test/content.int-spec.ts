import * as fs from 'node:fs';
import * as path from 'node:path';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { REPO_ROOT, runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-content-admin-token-0123456789';
const NOUNS = ['career', 'projects', 'ads', 'notices', 'gallery', 'exhibit', 'resources', 'trending'];
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
    expect(nothing.stderr).toBe('atelier: nothing to add: give --set field=value, --file FILE or --file - (atelier exhibit add --help lists the fields)\n');

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

    // The photo and the CV come from disk, with the fields or alone.
    const cv = path.join(dir(), 'cv.pdf');
    fs.writeFileSync(cv, '%PDF-1.4\n%%EOF\n');
    const photo = path.join(REPO_ROOT, 'backend/assets/videos/sample-clip.jpg');
    const saved = JSON.parse(await ok('site', 'update', '--set', 'headline=Engines', '--image', photo, '--cv', cv, '--json')) as Item;
    expect(saved).toMatchObject({ headline: 'Engines', photo: expect.stringMatching(/^\/assets\/img\/profile-[0-9a-f]{32}\.jpg$/), cv: expect.stringMatching(/\/cv\.pdf$/) });
    expect((await api<{ profile: Item }>('/content/site')).profile).toMatchObject({ headline: 'Engines', photo: saved.photo, cv: saved.cv });
    const refused = await cli('site', 'update', '--image', cv);
    expect(refused).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^atelier: the site refused the photo .*cv\.pdf: /) });
    await ok('site', 'import', exported);
  });

  it('every content command has --help with an example; add and update list the fields and say which add needs', async () => {
    for (const noun of NOUNS) {
      for (const command of ['list', 'show', 'add', 'update', 'remove', 'reorder', 'export', 'import']) {
        expect(await ok(noun, command, '--help')).toContain(`$ atelier ${noun} ${command}`);
      }
    }
    for (const document of ['site', 'settings']) {
      for (const command of ['show', 'update', 'export', 'import']) expect(await ok(document, command, '--help')).toContain(`$ atelier ${document} ${command}`);
    }
    const add = await ok('projects', 'add', '--help');
    for (const field of ['slug*', 'title*', 'period*', 'role*', 'image*', 'narrative*', 'chips ', 'featured ', 'page ']) expect(add).toContain(`  ${field}`);
    expect(add).toMatch(/--image <file>.*--body <file\.md>.*--gallery <file>/s);
    expect(await ok('notices', 'add', '--help')).toMatch(/hideAfter\s+the last day it shows, YYYY-MM-DD/);
    expect(await ok('settings', 'update', '--help')).toMatch(/pages\.<page>\.title .*pages: home, gallery/s);
  });

  it.each(NOUNS.map((noun) => [noun]))('%s: what show --json prints, add --file - and update --file - take back', async (noun) => {
    const items = JSON.parse(await ok(noun, 'list', '--json')) as Item[];
    const key = (item: Item) => String(item.slug ?? item.id ?? item._id);
    const first = items[0];
    const shown = await ok(noun, 'show', key(first), '--json');
    const file = path.join(dir(), 'item.json');
    fs.writeFileSync(file, shown);

    // Unchanged through update, then added again after it is removed: the same item, under a new id where ids are made.
    expect(JSON.parse(await ok(noun, 'update', key(first), '--file', file, '--json'))).toEqual(JSON.parse(shown));
    await ok(noun, 'remove', key(first));
    const added = await runCli(['--api', backend.url, '--token', ADMIN_TOKEN, noun, 'add', '--file', '-', '--json'], { ATELIER_CONFIG_DIR: dir() }, shown);
    expect({ noun, ...added }).toMatchObject({ exitCode: 0, stderr: '' });
    const { id: _id, _id: _trendingId, ...rest } = JSON.parse(shown) as Item;
    expect(JSON.parse(added.stdout)).toMatchObject(rest);
    // Back in its place, first.
    await ok(noun, 'reorder', key(JSON.parse(added.stdout) as Item));
    expect(key((JSON.parse(await ok(noun, 'list', '--json')) as Item[])[0])).toBe(key(JSON.parse(added.stdout) as Item));
  });

  it('projects add takes its cover, its Markdown page and its gallery from files on disk; update changes part of the page', async () => {
    const cover = path.join(dir(), 'cover.png');
    const shot = path.join(dir(), 'shot.png');
    // The smallest PNGs sharp will decode: 1x1 pixels.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    fs.writeFileSync(cover, png);
    fs.writeFileSync(shot, png);
    const body = path.join(dir(), 'engine.md');
    fs.writeFileSync(body, '## How it works\n\nThe *mill* computes; see [the plans](https://example.com/plans).\n');
    const added = JSON.parse(
      await ok('projects', 'add', '--set', 'slug=engine', '--set', 'title=Analytical Engine', '--set', 'period=2024 - present', '--set', 'role=Designer',
        '--set', 'narrative=A general-purpose computer.', '--image', cover, '--body', body, '--gallery', shot, '--json'),
    ) as Item & { image: string };
    expect(added.image).toMatch(/^\/assets\/content\/[0-9a-f]{32}\.png$/);
    expect((await fetch(`${backend.url}${added.image}`)).status).toBe(200);

    const page = await api<{ title: string; subtitle: string; blocks: Item[] }>('/content/projects/engine');
    expect(page).toMatchObject({ title: 'Analytical Engine', subtitle: 'Designer, 2024 - present' });
    expect(page.blocks).toEqual([
      { kind: 'markdown', markdown: expect.stringContaining('## How it works'), html: expect.stringContaining('<em>mill</em>') },
      { kind: 'gallery', items: [{ src: expect.stringMatching(/^\/assets\/content\/.*\.png$/), width: 1, height: 1 }] },
    ]);

    await ok('projects', 'update', 'engine', '--set', 'page.subtitle=Designer and builder');
    expect(await api<Item>('/content/projects/engine')).toMatchObject({ title: 'Analytical Engine', subtitle: 'Designer and builder', blocks: page.blocks });
    fs.writeFileSync(body, 'Rewritten.');
    await ok('projects', 'update', 'engine', '--body', body);
    const rewritten = await api<{ blocks: Item[] }>('/content/projects/engine');
    expect(rewritten.blocks).toEqual([{ kind: 'markdown', markdown: 'Rewritten.', html: '<p>Rewritten.</p>\n' }, page.blocks[1]]);

    const notPicture = await cli('projects', 'update', 'engine', '--image', body);
    expect(notPicture.exitCode).toBe(1);
    expect(notPicture.stderr).toMatch(new RegExp(`^atelier: the site refused ${body.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    await ok('projects', 'remove', 'engine');
  });

  it("settings: the site's name, footer and a page's title, changed field by field, shown and taken back", async () => {
    const before = await ok('settings', 'show', '--json');
    await ok('settings', 'update', '--set', 'siteName=Ada Lab', '--set', 'footer.year=current', '--set', 'pages.home.heading=Engines, mostly');
    const settings = await api<{ siteName: string; footer: Item; pages: Record<string, Item> }>('/content/settings');
    expect(settings.siteName).toBe('Ada Lab');
    expect(settings.footer).toEqual({ name: 'Atelier', year: 'current' });
    expect(settings.pages.home).toMatchObject({ heading: 'Engines, mostly', title: expect.stringMatching(/^Atelier: Machine Learning/) });

    const bad = await cli('settings', 'update', '--set', 'footer.year=soon');
    expect(bad).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/footer\.year: must be a year such as 2025, or current/) });
    const restored = await runCli(['--api', backend.url, '--token', ADMIN_TOKEN, 'settings', 'update', '--file', '-'], { ATELIER_CONFIG_DIR: dir() }, before);
    expect(restored).toMatchObject({ exitCode: 0, stdout: "Updated the site's texts\n" });
    expect(JSON.parse(await ok('settings', 'show', '--json'))).toEqual(JSON.parse(before));
  });
});
