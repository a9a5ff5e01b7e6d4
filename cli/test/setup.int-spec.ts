import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SiteProfile, SiteSettings } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { REPO_ROOT, runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-setup-admin-token-0123456789';
/** A JPEG the project ships (a video's poster). */
const PHOTO = path.join(REPO_ROOT, 'backend/assets/videos/sample-clip.jpg');
/** After the card: the CV, the site's name, logo, footer name and year, home title and heading, four sections, no project, no demo removal. */
const KEEP_THE_REST = ['', '', '', '', '', '', '', '', '', '', '', '', ''];

// `atelier setup`, answered line by line through stdin as a script (or a person) would, against a
// real backend seeded with the demo profile card.
describe('atelier setup (built) against a real backend', () => {
  const dir = tempDirPerTest('atelier-cli-setup-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(() => backend?.stop());

  const setup = (answers: string[]) =>
    runCli(['--api', backend.url, '--token', ADMIN_TOKEN, 'setup'], { ATELIER_CONFIG_DIR: dir() }, answers.map((line) => `${line}\n`).join(''));
  const profile = async () => ((await (await fetch(`${backend.url}/api/content/site`)).json()) as { profile: SiteProfile }).profile;

  it('asks for each part of the card, asks again after a wrong answer, and saves it all with the photo', async () => {
    const before = await profile();
    const notAPicture = path.join(dir(), 'notes.txt');
    fs.writeFileSync(notAPicture, 'not a picture');
    const [first, second, ...otherSkills] = before.skills;
    const answers = [
      'Ada Lovelace', // name
      '', // headline kept
      '', // summary kept
      path.join(dir(), 'missing.jpg'),
      notAPicture,
      PHOTO,
      'twelve', // first skill's years: refused, asked again
      '13',
      '-', // second skill removed
      ...otherSkills.map(() => ''),
      'Rust',
      '3',
      '', // no more skills
      '', // first patent kept
      'US 10,592,359 B2', // its number
      'patents.google.com/patent/US10592359B2', // refused: not a full address
      'https://patents.google.com/patent/US10592359B2',
      ...before.patents.slice(1).flatMap(() => ['', '', '']), // the others kept as they are
      '', // no more patents
      ...before.links.map(() => ''),
      'GitHub',
      'https://github.com/ada',
      '', // no more links
      'Open to machine-learning roles.',
      'Remote, any timezone.',
      '', // end of availability
      ...KEEP_THE_REST,
      'y',
    ];

    const run = await setup(answers);

    expect(run).toMatchObject({ exitCode: 0, stdout: "Saved the profile card, its photo, the site's name and home page\n" });
    expect(run.stderr).toContain('missing.jpg');
    expect(run.stderr).toContain('is not a JPEG or PNG picture');
    expect(run.stderr).toContain('give a whole number from 0 to 80');
    expect(run.stderr).toContain('give a full address starting with https://');
    const after = await profile();
    expect(after).toMatchObject({
      ownerName: 'Ada Lovelace',
      headline: before.headline,
      photoAlt: 'Ada Lovelace',
      skills: [{ name: first.name, years: 13 }, ...otherSkills, { name: 'Rust', years: 3 }],
      links: [...before.links, { label: 'GitHub', url: 'https://github.com/ada' }],
      availability: ['Open to machine-learning roles.', 'Remote, any timezone.'],
    });
    expect(after.skills.map((skill) => skill.name)).not.toContain(second.name);
    expect(after.patents[0]).toEqual({ ...before.patents[0], number: 'US 10,592,359 B2', url: 'https://patents.google.com/patent/US10592359B2' });
    expect(after.patents.slice(1)).toEqual(before.patents.slice(1));
    expect(after.photo).toMatch(/^\/assets\/img\/profile-[0-9a-f]{32}\.jpg$/);
    expect((await fetch(`${backend.url}${after.photo}`)).status).toBe(200);
  });

  it("walks the whole site: a patent removed, a CV, the site named, the ads and Gen AI column dropped, a first project, the demo's content removed", async () => {
    const before = await profile();
    const cv = path.join(dir(), 'Grace Hopper CV.pdf');
    fs.writeFileSync(cv, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const body = path.join(dir(), 'cobol.md');
    fs.writeFileSync(body, '## Why\n\nA language for *business*.\n');
    const answers = [
      'Grace Hopper', '', '', '', // name; headline, summary and photo kept
      ...before.skills.map(() => ''), '',
      '-', ...before.patents.slice(1).flatMap(() => ['', '', '']), '', // the first patent removed
      ...before.links.map(() => ''), '', '', // links and availability kept
      path.join(dir(), 'missing.pdf'), // refused, asked again
      cv,
      'Hopper Lab', '', '', 'current', 'Hopper Lab: compilers and languages', 'Compilers, mostly', // site name, logo, footer name and year, home title and heading
      'n', '', '', 'n', // drop the ads and the Gen AI column
      'y', 'COBOL', '', '1959 - 1961', 'Designer', 'A language for business data processing.', PHOTO, body, '', // a first project
      'y', 'n', // remove the demo's content, not its members
      'y',
    ];

    const run = await setup(answers);

    expect(run.stderr).toContain('missing.pdf');
    expect(run).toMatchObject({
      exitCode: 0,
      stdout: "Saved the profile card, the CV, the site's name and home page, removed the GPU ads, the project /project/cobol, removed the demo's content\n",
    });
    const site = (await (await fetch(`${backend.url}/api/content/site`)).json()) as { profile: SiteProfile; ads: unknown[]; career: unknown[]; projects: Array<{ slug: string }> };
    expect(site.profile).toMatchObject({ ownerName: 'Grace Hopper', cv: expect.stringMatching(/\.pdf$/) });
    expect(site.profile.patents).toEqual([]);
    expect(site.ads).toEqual([]);
    expect(site.career).toEqual([]);
    expect(site.projects.map((project) => project.slug)).toEqual(['cobol']);
    const settings = (await (await fetch(`${backend.url}/api/content/settings`)).json()) as SiteSettings;
    expect(settings).toMatchObject({
      siteName: 'Hopper Lab',
      logoText: 'Hopper Lab',
      footer: { name: 'Grace Hopper', year: 'current' },
      genAiColumn: false,
      pages: { home: { title: 'Hopper Lab: compilers and languages', heading: 'Compilers, mostly' } },
    });
    const page = (await (await fetch(`${backend.url}/api/content/projects/cobol`)).json()) as { blocks: Array<{ kind: string; html?: string }> };
    expect(page.blocks).toEqual([{ kind: 'markdown', markdown: expect.any(String), html: expect.stringContaining('<em>business</em>') }]);
  });

  it('saves nothing when the owner says no at the end, or when the answers run out', async () => {
    const before = await profile();
    const keepEverything = ['', '', '', '', ...before.skills.map(() => ''), '', ...before.patents.flatMap(() => ['', '', '']), ''];
    const withLinks = [...keepEverything, ...before.links.map(() => ''), '', '', ...KEEP_THE_REST];

    const declined = await setup([...withLinks, 'n']);
    expect(declined).toMatchObject({ exitCode: 0, stdout: 'Nothing was saved\n' });

    const cut = await setup(['Someone Else', '']);
    expect(cut.exitCode).toBe(1);
    expect(cut.stderr).toMatch(/atelier: the input ended before an answer to "A few sentences about you"; nothing was saved/);
    expect(await profile()).toEqual(before);
  });

  it('has --help with an example', async () => {
    const help = await runCli(['setup', '--help']);
    expect(help.stdout).toContain('$ atelier setup');
  });
});
