import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SiteContent, TrendingUser } from '@atelier/contracts';
import { REPO_ROOT, runCli } from '../../cli/test/helpers/built-cli';
import { startFreshSite, type FreshSite } from '../support/fresh-site';
import { expect, test } from '../support/test';

// A new owner turns a fresh install into their own site with the CLI only: no file edits, no curl.
// The site is this spec's own (the suite's shared server must keep the demo), started as `npm start`
// starts it, so `atelier login` finds its token and address in the data dir.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PICTURE = path.join(REPO_ROOT, 'backend/assets/videos/sample-clip.jpg');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('make it yours: a fresh install becomes another person\'s site through the CLI', () => {
  let site: FreshSite;
  let home: string;
  /** Every fictional thing the demo shows, read from the fresh site before the owner changes it. */
  let seedTexts: string[];

  test.beforeAll(async () => {
    site = await startFreshSite();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-owner-'));
  });
  test.afterAll(async () => {
    await site?.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  /** `atelier …` as the owner runs it next to the site: the login it stored, nothing on the command line. */
  const atelier = async (...args: string[]) => {
    const run = await runCli(args, { ATELIER_CONFIG_DIR: path.join(home, 'config'), DATA_DIR: site.dataDir });
    expect({ args, ...run }).toMatchObject({ exitCode: 0, stderr: '' });
    return run.stdout;
  };
  const read = async <T>(apiPath: string) => (await (await fetch(`${site.url}/api${apiPath}`)).json()) as T;

  test('the owner logs in, names the site, fills the card, adds a career item, a project, notices and a GPU page, then removes the demo', async ({ browser }) => {
    const demo = await read<SiteContent>('/content/site');
    const trending = await read<TrendingUser[]>('/content/trending');
    seedTexts = [
      demo.profile.ownerName,
      ...demo.profile.patents.map((patent) => patent.title),
      ...demo.career.flatMap((item) => [item.company, item.summary]),
      // Not the titles: one is "Atelier", also the name of the built-in renderer's model on /forge.
      ...demo.projects.flatMap((project) => [project.narrative, project.bulletsLeft[0]]),
      ...demo.ads.flatMap((ad) => [ad.title, ad.tagline]),
      ...demo.notices.map((notice) => notice.text),
      ...trending.map((person) => `${person.firstName} ${person.lastName}`),
      'github.com/example', // the Citadel's placeholder link
      demo.profile.moreToCome ?? '',
    ].filter(Boolean);
    expect(seedTexts.length).toBeGreaterThan(30);

    // No token on the command line: the CLI reads it, and the address, from the site's data dir.
    expect(await atelier('login')).toMatch(/^Logged in to http:\/\/localhost:\d+ with the admin token in .*admin-token; saved in /);

    await atelier(
      'settings', 'update',
      '--set', 'siteName=Hopper Lab', '--set', 'logoText=Hopper Lab',
      '--set', 'footer.name=Grace Hopper', '--set', 'footer.year=current',
      '--set', 'pages.home.title=Hopper Lab: compilers and languages', '--set', 'pages.home.heading=Compilers, mostly',
      '--set', 'resourcesNote=',
      '--set', 'restricted.citadel=[{"heading":"Elsewhere","links":[{"label":"My code","href":"https://github.com/ghopper","note":"Compilers and notes."}]}]',
    );
    await atelier(
      'site', 'update',
      '--set', 'ownerName=Grace Hopper', '--set', 'headline=Computer scientist, compiler pioneer',
      '--set', 'summary=I write compilers so people can write programs in words.', '--set', 'photoAlt=Grace Hopper',
      '--set', 'patents=[]', '--set', 'skills=[{"name":"Compilers","years":40}]',
      '--set', 'links=[{"label":"GitHub","url":"https://github.com/ghopper"}]', '--set', 'availability=["Open to new languages."]',
      '--set', 'moreToCome=',
    );
    await atelier('career', 'add', '--set', 'company=Remington Rand', '--set', 'role=Senior Mathematician', '--set', 'period=1949 - 1961', '--set', 'summary=Wrote the A-0 compiler.');

    const body = path.join(home, 'cobol.md');
    fs.writeFileSync(body, '## Why COBOL\n\nPrograms in *English words*, read by managers: see [the report](https://example.com/codasyl).\n');
    await atelier(
      'projects', 'add', '--set', 'slug=cobol', '--set', 'title=COBOL', '--set', 'period=1959 - 1961', '--set', 'role=Technical adviser',
      '--set', 'narrative=A common business-oriented language.', '--image', PICTURE, '--body', body,
    );
    await atelier('notices', 'add', '--set', 'text=Talks on compilers all this week', '--set', 'dateLabel=This week', '--set', `hideAfter=${day(6)}`);
    await atelier('notices', 'add', '--set', 'text=Last week talks, over by now', '--set', 'dateLabel=Last week', '--set', `hideAfter=${day(-1)}`);
    await atelier(
      'ads', 'add', '--set', 'slug=univac', '--set', 'title=UNIVAC I', '--set', 'imageAlt=The UNIVAC console', '--set', 'domain=example.com',
      '--set', 'tagline=The first commercial computer in the US', '--set', 'url=https://example.com/univac', '--set', 'description=Delivered in 1951.',
      '--image', PICTURE,
    );

    expect(await atelier('demo', 'remove', '--members', '--yes')).toMatch(/^Removed /);

    // What a recruiter sees: a first visit, at 1280 and 390 px.
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(site.url);
      await expect(page).toHaveTitle('Hopper Lab: compilers and languages');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compilers, mostly');
      await expect(page.getByRole('banner')).toContainText('Hopper Lab');
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Grace Hopper`);
      await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
      await expect(page.getByText('Wrote the A-0 compiler.')).toBeVisible();
      await expect(page.getByText('Talks on compilers all this week')).toBeVisible();
      await expect(page.getByText('Last week talks, over by now')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`home-${width}.png`), fullPage: true });
      await context.close();
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/project/cobol`);
    await expect(page).toHaveTitle('COBOL | Hopper Lab');
    await expect(page.locator('main em', { hasText: 'English words' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'the report' })).toHaveAttribute('rel', 'noopener noreferrer');
    await page.goto(`${site.url}/`);
    const cover = page.getByRole('img', { name: 'COBOL' }).first();
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.getByRole('link', { name: 'UNIVAC I' }).click();
    await expect(page).toHaveURL(/\/feature\/univac$/);
    await expect(page.getByRole('heading', { level: 1, name: 'UNIVAC I' })).toBeVisible();
    await context.close();
  });

  test("no public page shows the demo's fictional people, projects, ads or notices, nor a heading over nothing", async ({ request }) => {
    const routes = ['/', '/gallery', '/dev', '/exhibit', '/forge', '/dream', '/life', '/feature/univac', '/project/cobol', '/lobby', '/citadel', '/ll1l1l1ll', '/ll1l1l1ll/test'];
    for (const route of routes) {
      const response = await request.get(`${site.url}${route}`);
      expect({ route, status: response.status() }).toEqual({ route, status: 200 });
      const html = await response.text();
      // Each one found is shown in its context, so a failure says where it is.
      const found = seedTexts.filter((text) => html.includes(text)).map((text) => html.slice(Math.max(0, html.indexOf(text) - 80), html.indexOf(text) + text.length + 40));
      expect({ route, found }).toEqual({ route, found: [] });
      expect({ route, patents: html.includes('>Patents<') }).toEqual({ route, patents: false });
    }
    // The demo's GPU pages are gone with their ads; the seeded projects' pages with them.
    for (const route of ['/feature/nvidia-h100', '/project/solar']) expect((await request.get(`${site.url}${route}`)).status()).toBe(404);
  });

  test('every section of the home page the browser draws has something under its heading', async ({ page }) => {
    await page.goto(`${site.url}/`);
    const empty = await page.locator('main section[aria-labelledby]').evaluateAll((sections) =>
      sections
        .filter((section) => {
          const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
          return (section.textContent ?? '').trim() === (heading?.textContent ?? '').trim() && section.querySelector('img, video') === null;
        })
        .map((section) => section.getAttribute('aria-labelledby')),
    );
    expect(empty).toEqual([]);
  });
});
