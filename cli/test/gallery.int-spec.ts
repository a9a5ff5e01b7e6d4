import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { REPO_ROOT, runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-gallery-admin-token-0123456789';
type GalleryItem = { id: string; title: string; author: string; img: string; video?: string };

/** `count` different small PNGs, a colour each; another `first` gives other colours. */
async function pictureFolder(folder: string, count: number, first = 0): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  for (let index = 0; index < count; index += 1) {
    const n = first + index;
    const background = { r: (n * 47) % 256, g: (n * 91) % 256, b: (n * 13 + 40) % 256 };
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background } }).png().toBuffer();
    fs.writeFileSync(path.join(folder, `render-${String(index + 1).padStart(2, '0')}.png`), png);
  }
}

// `atelier gallery import DIR` and `atelier gallery export DIR`, run built against real backends.
describe('atelier gallery import and export (built)', () => {
  const dir = tempDirPerTest('atelier-cli-gallery-');
  let site: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    site = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(() => site?.stop());

  const cli = (backend: BackendProcess, ...args: string[]) =>
    runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: dir() });
  const gallery = async (backend: BackendProcess) => (await (await fetch(`${backend.url}/api/content/gallery`)).json()) as GalleryItem[];
  const labels = (items: GalleryItem[]) => items.map((item) => `${item.title} | ${item.author}`).sort();

  // Two sites and some 270 uploads: longer than the default limit on a slow, busy machine.
  it('imports a 50-picture folder with progress, a second run adds nothing, and export/import moves the gallery to a fresh site', async () => {
    const folder = path.join(dir(), 'renders');
    // The second site's first start (migrations, seed) runs while the first site is worked on.
    const starting = startBackend({ ADMIN_TOKEN });
    starting.catch(() => undefined); // a failed start fails the test where it is awaited, not as unhandled
    try {
      await importExportAndMove(folder, starting);
    } finally {
      await starting.then((fresh) => fresh.stop(), () => undefined);
    }
  }, 180_000);

  async function importExportAndMove(folder: string, starting: Promise<BackendProcess>): Promise<void> {
    await pictureFolder(folder, 50);
    const seeded = (await gallery(site)).length;

    const first = await cli(site, 'gallery', 'import', folder, '--title', 'Atelier Test Model', '--author', '@tester');
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toBe(`Imported ${folder}: added 50, skipped 0 already there, failed 0\n`);
    expect(first.stderr).toMatch(/Importing \[[=\- ]*\] 50\/50 render-50\.png/);
    const afterFirst = await gallery(site);
    expect(afterFirst).toHaveLength(seeded + 50);
    expect(afterFirst.filter((item) => item.title === 'Atelier Test Model' && item.author === '@tester')).toHaveLength(50);

    const second = await cli(site, 'gallery', 'import', folder, '--title', 'Atelier Test Model', '--author', '@tester', '--json');
    expect(second.exitCode).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ added: 0, skipped: 50, failed: [] });
    expect(await gallery(site)).toHaveLength(seeded + 50);

    const exported = path.join(dir(), 'backup');
    const exportRun = await cli(site, 'gallery', 'export', exported);
    expect(exportRun.stdout).toBe(`Exported ${seeded + 50} gallery items to ${exported}\n`);
    const manifest = JSON.parse(fs.readFileSync(path.join(exported, 'manifest.json'), 'utf8')) as { items: Array<{ file: string; video?: string }> };
    expect(manifest.items).toHaveLength(seeded + 50);
    for (const { file } of manifest.items) expect(fs.existsSync(path.join(exported, file))).toBe(true);
    // The demo's sample videos go along, each beside its poster.
    const videos = manifest.items.filter((item) => item.video);
    expect(videos).toHaveLength(3);
    for (const { video } of videos) expect(fs.statSync(path.join(exported, video!)).size).toBeGreaterThan(1000);

    // A fresh site, whose demo gallery is empty after its owner cleared it: one picture with the
    // CLI, the rest straight through the API (a CLI process each would take most of the test).
    const fresh = await starting;
    const [cleared, ...rest] = await gallery(fresh);
    expect(await cli(fresh, 'gallery', 'remove', cleared.id)).toMatchObject({ exitCode: 0, stderr: '' });
    expect((await gallery(fresh)).map((item) => item.id)).not.toContain(cleared.id);
    const removals = rest.map((item) =>
      fetch(`${fresh.url}/api/admin/content/gallery/${item.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }),
    );
    for (const removal of await Promise.all(removals)) expect(removal.ok).toBe(true);
    expect(await gallery(fresh)).toEqual([]);
    const moved = await cli(fresh, 'gallery', 'import', exported);
    expect(moved.stdout).toBe(`Imported ${exported}: added ${seeded + 50}, skipped 0 already there, failed 0\n`);
    expect(labels(await gallery(fresh))).toEqual(labels(await gallery(site)));
    const { img } = (await gallery(fresh))[0];
    expect((await fetch(`${fresh.url}${img}`)).status).toBe(200);
    const movedVideos = (await gallery(fresh)).filter((item) => item.video);
    expect(movedVideos).toHaveLength(3);
    expect((await fetch(`${fresh.url}${movedVideos[0].video}`)).headers.get('content-type')).toMatch(/^video\/webm/);
  }

  it('says what is missing before uploading anything, and reports a file that is not a picture', async () => {
    const folder = path.join(dir(), 'mixed');
    await pictureFolder(folder, 2, 100);
    const before = (await gallery(site)).length;

    const noTitle = await cli(site, 'gallery', 'import', folder, '--author', '@tester');
    expect(noTitle).toMatchObject({ exitCode: 1, stderr: 'atelier: render-01.png has no title: give --title or list it in manifest.json\n' });
    expect(await gallery(site)).toHaveLength(before);

    fs.writeFileSync(path.join(folder, 'notes.png'), 'not a picture at all');
    fs.writeFileSync(
      path.join(folder, 'manifest.json'),
      JSON.stringify({ atelier: 'gallery', version: 1, items: [{ file: 'notes.png', title: 'X', author: 'Y' }, { file: 'render-01.png', title: 'SDXL', author: '@me' }] }),
    );
    const run = await cli(site, 'gallery', 'import', folder);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`Imported ${folder}: added 1, skipped 0 already there, failed 1\n  notes.png: The picture must be a JPEG or PNG image`);
    expect(run.stderr).toMatch(/atelier: 1 of 2 items could not be imported\n$/);

    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify({ atelier: 'gallery', version: 1, items: [{ file: '../etc/passwd', title: 'X', author: 'Y' }] }));
    expect((await cli(site, 'gallery', 'import', folder)).stderr).toMatch(/item 1: file must be a file name in /);
    expect((await cli(site, 'gallery', 'import', path.join(dir(), 'nowhere'))).stderr).toMatch(/nowhere is not a folder/);
  });

  it('imports a video with the picture of its name as poster, and says so when a video has none', async () => {
    const folder = path.join(dir(), 'films');
    await pictureFolder(folder, 1, 200);
    const clip = fs.readFileSync(path.join(REPO_ROOT, 'backend/assets/videos/solar-design-walkthrough.webm'));
    fs.writeFileSync(path.join(folder, 'walkthrough.webm'), clip);
    const before = (await gallery(site)).length;

    const orphan = await cli(site, 'gallery', 'import', folder, '--title', 'Atelier Procedural v1', '--author', '@me');
    expect(orphan).toMatchObject({ exitCode: 1, stderr: 'atelier: walkthrough.webm has no poster: put a JPEG or PNG named walkthrough.jpg beside it\n' });
    expect(await gallery(site)).toHaveLength(before);

    fs.renameSync(path.join(folder, 'render-01.png'), path.join(folder, 'walkthrough.png'));
    const importFolder = () => cli(site, 'gallery', 'import', folder, '--title', 'Atelier Procedural v1', '--author', '@me', '--json');
    // The demo gallery has this very video already: known by its bytes, it is skipped.
    expect(JSON.parse((await importFolder()).stdout)).toEqual({ added: 0, skipped: 1, failed: [] });

    const ownClip = Buffer.concat([clip, Buffer.alloc(16)]); // another file, to the gallery
    fs.writeFileSync(path.join(folder, 'walkthrough.webm'), ownClip);
    const run = await importFolder();
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ added: 1, skipped: 0, failed: [] });
    const added = (await gallery(site)).at(-1)!;
    expect(added.video).toMatch(/^\/assets\/gallery\/videos\/[0-9a-f]{32}\.webm$/);
    expect(Buffer.compare(Buffer.from(await (await fetch(`${site.url}${added.video}`)).arrayBuffer()), ownClip)).toBe(0);
  });
});
