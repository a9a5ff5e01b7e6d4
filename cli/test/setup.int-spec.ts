import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SiteProfile } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { REPO_ROOT, runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-setup-admin-token-0123456789';
/** A JPEG the project ships (a video's poster). */
const PHOTO = path.join(REPO_ROOT, 'backend/assets/videos/sample-clip.jpg');

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
      'US 10,592,359 B2', // first patent's number
      'patents.google.com/patent/US10592359B2', // refused: not a full address
      'https://patents.google.com/patent/US10592359B2',
      ...before.patents.slice(1).flatMap(() => ['', '']), // the others kept as they are
      '', // no more patents
      ...before.links.map(() => ''),
      'GitHub',
      'https://github.com/ada',
      '', // no more links
      'Open to machine-learning roles.',
      'Remote, any timezone.',
      '', // end of availability
      'y',
    ];

    const run = await setup(answers);

    expect(run).toMatchObject({ exitCode: 0, stdout: 'Saved the profile card and its photo\n' });
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

  it('saves nothing when the owner says no at the end, or when the answers run out', async () => {
    const before = await profile();
    const keepEverything = ['', '', '', '', ...before.skills.map(() => ''), '', ...before.patents.flatMap(() => ['', '']), ''];
    const withLinks = [...keepEverything, ...before.links.map(() => ''), '', ''];

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
