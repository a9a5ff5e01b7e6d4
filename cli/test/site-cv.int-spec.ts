import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SiteProfile } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-site-cv-admin-token-0123456789';

// `atelier site cv <file>` and `atelier site cv --remove`, run built against a real (seeded) backend.
describe('atelier site cv (built) against a real backend', () => {
  const dir = tempDirPerTest('atelier-cli-cv-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(() => backend?.stop());

  const cli = (args: string[]) => runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: dir() });
  const profile = async () => ((await (await fetch(`${backend.url}/api/content/site`)).json()) as { profile: SiteProfile }).profile;
  const file = (name: string, bytes: string | Buffer) => {
    const where = path.join(dir(), name);
    fs.writeFileSync(where, bytes);
    return where;
  };

  it('uploads the PDF, the card offers it for download, and --remove takes it off', async () => {
    const bytes = Buffer.from('%PDF-1.7\n% Ada Lovelace, curriculum vitae\n%%EOF\n');
    const pdf = file('Ada Lovelace CV.pdf', bytes);
    const run = await cli(['site', 'cv', pdf]);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    const { cv } = await profile();
    expect(cv).toMatch(/^\/assets\/cv\/[0-9a-f]{32}\/Ada-Lovelace-CV\.pdf$/);
    expect(run.stdout).toBe(`Uploaded ${pdf}: the profile card offers it as ${cv}\n`);

    const download = await fetch(`${backend.url}${cv}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Ada-Lovelace-CV.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const json = await cli(['site', 'cv', pdf, '--json']);
    expect((JSON.parse(json.stdout) as SiteProfile).cv).toMatch(/\/Ada-Lovelace-CV\.pdf$/);
    expect((await fetch(`${backend.url}${cv}`)).status).toBe(404); // the replaced upload is gone

    const removed = await cli(['site', 'cv', '--remove']);
    expect(removed).toMatchObject({ exitCode: 0, stdout: 'Removed the CV from the profile card\n', stderr: '' });
    expect((await profile()).cv).toBeUndefined();
  });

  it('refuses a file that is not a PDF or cannot be read before sending, and asks for a file or --remove', async () => {
    const notPdf = await cli(['site', 'cv', file('cv.pdf', '<html>not a pdf</html>')]);
    expect(notPdf).toMatchObject({ exitCode: 1, stdout: '' });
    expect(notPdf.stderr).toMatch(/^atelier: .*cv\.pdf is not a PDF file\n$/);
    const missing = await cli(['site', 'cv', path.join(dir(), 'missing.pdf')]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^atelier: cannot read .*missing\.pdf: ENOENT/);
    expect((await profile()).cv).toBeUndefined();

    for (const args of [['site', 'cv'], ['site', 'cv', file('cv.pdf', '%PDF-1.7\n'), '--remove']]) {
      const run = await cli(args);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toBe('atelier: give the PDF to upload, or --remove (one of them)\n');
    }
    expect((await cli(['site', 'cv', '--help'])).stdout).toContain('$ atelier site cv ./Ada-Lovelace-CV.pdf');
  });
});
