// The server render (hydration is checked in the browser: e2e/specs/server-render.spec.ts; React
// cannot render on the server and hydrate in one process).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID, readPageData, SITE_DATA_ELEMENT_ID } from './app/server-render/page-data';
import { DEFAULT_SITE_SETTINGS, type PublicReads, type SiteSettings } from '@atelier/contracts';
import { pageContentOf } from './app/page-content-loader';
import { renderPage } from './entry-server';
import { readKey, type ReadName } from './store/content-api';
import { projectPages, siteContent, trendingUsers } from './test/content-fixtures';
import { ada, bram } from './features/botfolk/botfolk-test-data';
import { builtInExamples } from './features/generation/generation-test-data';
import { prerenderToNodeStream } from 'react-dom/static';
import { exhibitItems, galleryItems, resourceLinks } from './test/gallery-fixtures';

// Counts the renders (the costly part), doing them as before.
vi.mock('react-dom/static', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-dom/static')>();
  return { ...real, prerenderToNodeStream: vi.fn(real.prerenderToNodeStream) };
});

const template = [
  '<!doctype html><html lang="en"><head><title>Atelier</title>',
  '<meta\n  name="description"\n  content="The site"\n/>',
  '<script type="module" crossorigin src="/static/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/static/react-abc.js"></head>',
  '<body><div id="root"></div></body></html>',
].join('');

/** A read's key, as the page data carries its answer. */
const key = <K extends ReadName>(name: K, ...args: Parameters<PublicReads[K]>) => readKey(name, args);

const answers: Record<string, unknown> = {
  [key('settings')]: DEFAULT_SITE_SETTINGS,
  [key('site')]: siteContent,
  [key('trending')]: trendingUsers,
  [key('gallery')]: galleryItems,
  [key('resources')]: resourceLinks,
  [key('exhibit')]: exhibitItems,
  [key('project', 'solar')]: projectPages.solar,
  [key('pyface', {})]: ada,
  [key('pyface', { dna: bram.dna })]: bram,
  [key('generationInfo')]: { renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX A5000', 'RTX 3090'] },
  [key('generationExamples')]: builtInExamples(),
};

/** The reads the render made, by key, in order. */
let asked: string[];
/** Set: every read fails with it. */
let failure: Error | null;
beforeEach(() => {
  asked = [];
  failure = null;
});

// As the backend's in-process reads: null for a project that does not exist, a throw for a failure
// (a DNA line the API refuses).
async function answer(name: ReadName, args: unknown[]): Promise<never> {
  const asking = readKey(name, args as never);
  asked.push(asking);
  if (failure) throw failure;
  if ((name === 'project' || name === 'feature') && !(asking in answers)) return null as never;
  if (!(asking in answers)) throw new Error(`Nothing public at ${asking}`);
  return answers[asking] as never;
}

const reads: PublicReads = {
  settings: () => answer('settings', []),
  site: () => answer('site', []),
  gallery: () => answer('gallery', []),
  exhibit: () => answer('exhibit', []),
  resources: () => answer('resources', []),
  trending: () => answer('trending', []),
  project: (slug) => answer('project', [slug]),
  feature: (slug) => answer('feature', [slug]),
  pyface: (query) => answer('pyface', [query]),
  generationInfo: () => answer('generationInfo', []),
  generationExamples: () => answer('generationExamples', []),
};

const answerFor = (path: string) => renderPage({ url: `http://localhost${path}`, template }, reads);

/** The content the page's loaders answered, by read key, as the page data carries it. */
const contentOf = (page: Document) => pageContentOf(Object.values(readPageData(page)?.loaderData ?? {}).map((data) => ({ data })));

/** The first HTML of a page that answers 200. */
async function render(path: string): Promise<string> {
  const answer = await answerFor(path);
  expect(answer?.status).toBe(200);
  return answer!.html;
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('server render', { timeout: 20_000 }, () => {
  it("renders the home page with its content, the route's title and description, and the answers it used", async () => {
    const page = parse(await render('/'));

    expect(page.title).toBe('Atelier: Machine Learning, Generative AI, Python & Full-Stack Development');
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Resources for AI developers/);
    const root = page.getElementById('root') as HTMLElement;
    expect(root.querySelector('h1')?.textContent).toBe('Machine Learning, Generative AI, Python & Full-Stack Development');
    expect(root.textContent).toContain(siteContent.profile.ownerName);
    expect(root.textContent).toContain(`${trendingUsers[0].firstName} ${trendingUsers[0].lastName}`);
    // The site's texts frame every page: the root route's loader reads them.
    expect([...asked].sort()).toEqual([key('gallery'), key('settings'), key('site'), key('trending')].sort());
    expect(contentOf(page)).toEqual({
      [key('settings')]: DEFAULT_SITE_SETTINGS,
      [key('site')]: siteContent,
      [key('trending')]: trendingUsers,
      [key('gallery')]: galleryItems,
    });
  });

  it('draws the same markup for every visitor: the layout is in the styles, not guessed from the user agent', async () => {
    const page = parse(await render('/gallery'));

    // Both the desktop links and the phone's menu button are there; the stylesheet shows one (emotion's
    // browser build runs here, so the styles themselves are checked in the browser: e2e/specs/server-render.spec.ts).
    expect(page.querySelectorAll('nav[aria-label="Main"] a')).toHaveLength(6);
    expect(page.querySelector('button[aria-label="open menu"]')).not.toBeNull();
    expect(page.querySelectorAll('ul[aria-label="Gallery"] > li')).toHaveLength(60);
  });

  it('writes the parts a page hydrates apart in place, with no script to move them there', async () => {
    const html = await render('/gallery');
    const root = parse(html).getElementById('root') as HTMLElement;

    // Completed boundaries (<!--$-->), each holding its part: the page, and the gallery under its
    // heading. A large one React would otherwise leave pending (<!--$?-->), its content in a hidden
    // div at the end and an inline script to move it, which the site's CSP refuses.
    expect(html.match(/<!--\$-->/g)).toHaveLength(2);
    expect(html).not.toContain('<!--$?-->');
    expect(root.querySelector('template, div[hidden]')).toBeNull();
    expect(parse(html).querySelectorAll('script:not([src]):not([type="application/json"])')).toHaveLength(0);
    expect(root.querySelectorAll('ul[aria-label="Gallery"] > li')).toHaveLength(60);
  });

  it('renders once: each piece of content is fetched once, by the route loaders', async () => {
    await render('/');
    expect(asked).toHaveLength(4);
  });

  it('gives the page its scripts at low priority: its content is already there', async () => {
    const page = parse(await render('/dev'));

    expect(page.querySelector('script[type="module"]')?.getAttribute('fetchpriority')).toBe('low');
    expect(page.querySelector('link[rel="modulepreload"]')?.getAttribute('fetchpriority')).toBe('low');
    expect(page.querySelectorAll('#root a[target="_blank"]').length).toBeGreaterThanOrEqual(21);
  });

  it('renders a page whose content cannot be fetched as loading, and leaves that content out of the page data', async () => {
    failure = new Error('database down');
    const page = parse(await render('/project/solar'));

    expect(page.title).toBe('Project | Atelier');
    expect(page.querySelector('[role="status"][aria-label="Loading the project"]')).not.toBeNull();
    expect(contentOf(page)).toEqual({});
    expect([...asked].sort()).toEqual([key('project', 'solar'), key('settings')].sort());
  });

  it("renders any project from its content, titled by it; one that does not exist answers 404 and says so", async () => {
    const page = parse(await render('/project/solar'));
    expect(page.title).toBe(`${projectPages.solar.title} | Atelier`);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(projectPages.solar.subtitle);
    expect(page.querySelector('h1')?.textContent).toBe(projectPages.solar.title);

    const missing = await answerFor('/project/removed-one');
    expect(missing?.status).toBe(404);
    const gone = parse(missing!.html);
    expect(gone.title).toBe('Project Not Found | Atelier');
    expect(gone.getElementById('root')?.textContent).toContain('There is no page for this project yet.');
  });

  it('keeps markup out of the page data: a closing script tag in content stays text', async () => {
    answers[key('resources')] = [{ ...resourceLinks[0], title: '</script><script>alert(1)</script>' }];
    try {
      const html = (await render('/dev')) as string;
      expect(html).not.toContain('</script><script>alert(1)');
      expect(contentOf(parse(html))[key('resources')]).toEqual(answers[key('resources')]);
    } finally {
      answers[key('resources')] = resourceLinks;
    }
  });

  it('answers a page whose content has not changed with its last render, and renders it again when it has', async () => {
    const first = await render('/exhibit');
    asked = [];
    expect(await render('/exhibit')).toBe(first);
    expect(asked).toEqual([key('settings'), key('exhibit')]);

    answers[key('exhibit')] = [{ id: 'e1', model: 'A model only this test has', picturePath: '/assets/e1.png', width: 512, height: 512 }];
    try {
      const changed = await render('/exhibit');
      expect(changed).toContain('A model only this test has');
    } finally {
      answers[key('exhibit')] = exhibitItems;
    }
  });

  it('renders a page once whatever query parameters no page reads come with it', async () => {
    const first = await render('/dev?utm_source=first');
    vi.mocked(prerenderToNodeStream).mockClear();
    for (let n = 1; n <= 20; n += 1) expect(await render(`/dev?x=${n}&utm_source=${n}`)).toBe(first);
    expect(prerenderToNodeStream).not.toHaveBeenCalled();
  });

  it('still renders per value a parameter the page reads, whatever else comes with it', async () => {
    const permalink = parse(await render(`/life?x=1&dna=${bram.dna}`));
    expect(permalink.querySelector('main article')?.getAttribute('aria-label')).toBe('Bram Oxley');
    const plain = parse(await render('/life?x=2'));
    expect(plain.querySelector('main article')?.getAttribute('aria-label')).toBe('Ada Quill');
  });

  it.each([
    ['/forge', 'forge'],
    ['/dream', 'dream'],
  ])('renders %s with the example picture its loader drew, its model, and who draws pictures, and carries them for hydration', async (path, page) => {
    const html = parse(await render(path));
    expect(html.querySelector('main p')?.textContent).toMatch(/(prompt|image) with Stable Diffusion 1\.5 on RTX A5000 and RTX 3090 GPUs\.$/);
    expect(contentOf(html)).toEqual({
      [key('settings')]: DEFAULT_SITE_SETTINGS,
      [key('generationInfo')]: answers[key('generationInfo')],
      [key('generationExamples')]: answers[key('generationExamples')],
    });
    const example = html.querySelector<HTMLImageElement>(`img[src^="/assets/examples/${page}-"]`);
    expect(example).not.toBeNull();
    expect(example?.getAttribute('alt')).toMatch(/^Example (dream )?image made with Atelier Procedural v1,/);
    const drawn = Object.values(readPageData(html)?.loaderData ?? {}).find((data) => typeof data === 'object' && data !== null && 'example' in data);
    expect(example?.getAttribute('src')).toMatch(new RegExp(`^/assets/examples/${page}-${(drawn as { example: number }).example}\\.png\\?`));
    if (page === 'forge') expect(html.querySelector('figcaption')?.textContent).toBe('[ example image - Atelier Procedural v1 ]');
    expect([...asked].sort()).toEqual([key('generationExamples'), key('generationInfo'), key('settings')].sort());
  });

  it('renders the Bot Folk page and the lobby for a visitor who is not signed in', async () => {
    const life = parse(await render('/life'));
    expect(life.title).toBe('Synthetic Life: Bot Folk Generator');
    expect([...life.querySelectorAll('main button')].map((button) => button.textContent)).toContain('CREATE A NEW UNIQUE BOT FOLK INDIVIDUAL');
    // The individual is drawn on the server, so the page does not grow under the reader once it is live.
    expect(life.querySelector('main article')?.getAttribute('aria-label')).toBe('Ada Quill');
    expect(life.querySelector('main img')?.getAttribute('src')).toBe(ada.svgimage);
    expect(contentOf(life)).toEqual({ [key('settings')]: DEFAULT_SITE_SETTINGS, [key('pyface', {})]: ada });
    const lobby = parse(await render('/lobby'));
    expect(lobby.title).toBe('Matrix Network: Sign In or Create Account');
    expect(lobby.querySelector('input[type="password"]')).not.toBeNull();
    // Clicked before the page is live, the browser would send the form itself, password in the address.
    expect(lobby.querySelector('form')?.getAttribute('method')).toBe('post');
    expect(lobby.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('draws the individual a Bot Folk permalink names; a DNA line the API refuses is left to the page, which says so', async () => {
    const permalink = parse(await render(`/life?dna=${bram.dna}`));
    expect(permalink.querySelector('main article')?.getAttribute('aria-label')).toBe('Bram Oxley');
    expect([...asked].sort()).toEqual([key('pyface', { dna: bram.dna }), key('settings')].sort());

    const refused = parse(await render('/life?dna=NOT-DNA'));
    expect(refused.querySelector('main article')).toBeNull();
    expect(refused.querySelector('[aria-label="Creating a Bot Folk individual"]')).not.toBeNull();
  });

  it('renders the video test page with the clip’s poster in the player’s place; the player is the browser’s', async () => {
    const page = parse(await render('/ll1l1l1ll/test'));
    expect(page.title).toBe('Video Player');
    expect(page.querySelector('main img')?.getAttribute('src')).toBe('/assets/projects/vid/sample-clip.jpg');
    expect(page.querySelector('main video')).toBeNull();
  });

  it("holds the first paint until the whole page is parsed: index.html's rel=expect names the element after the page", async () => {
    const indexHtml = readFileSync(path.join(__dirname, '../index.html'), 'utf8');
    const answer = await renderPage({ url: 'http://localhost/citadel', template: indexHtml }, reads);
    const page = parse(answer!.html);

    const expectLink = page.head.querySelector('link[rel="expect"][blocking="render"]');
    expect(expectLink?.getAttribute('href')).toBe(`#${PAGE_DATA_ELEMENT_ID}`);
    // Chrome lets the page paint once that element is in the document, its start tag parsed.
    expect(page.getElementById('root')?.nextElementSibling?.id).toBe(PAGE_DATA_ELEMENT_ID);
    expect(page.querySelector('#root footer')).not.toBeNull();
  });

  it.each([
    ['/matrix', 'Matrix Network'],
    ['/profile/8c1f0b7e-2f4e-4b1a-9a55-0d1f3c5e7a90', 'Member Profile | Matrix Network'],
  ])('leaves %s to the browser (members only), under its own title and description', async (path, title) => {
    const page = parse(await render(path));
    expect(page.title).toBe(title);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe('The site');
    expect(page.getElementById('root')?.innerHTML).toBe('');
    // Only the site's texts, which the frame the browser draws shows from its first paint.
    expect(asked).toEqual([key('settings')]);
    expect(JSON.parse(page.getElementById(SITE_DATA_ELEMENT_ID)?.textContent ?? '')).toEqual({ [key('settings')]: DEFAULT_SITE_SETTINGS });
  });

  it("titles every page with the owner's texts: site name, page titles, logo and footer", async () => {
    const settings: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      siteName: 'Ada Lab',
      logoText: 'ADA',
      footer: { name: 'Ada Lovelace', year: 'current' },
      pages: { ...DEFAULT_SITE_SETTINGS.pages, gallery: { title: 'Engines', description: 'Pictures of engines.', heading: 'Engine pictures' } },
    };
    answers[key('settings')] = settings;
    try {
      const gallery = parse(await render('/gallery'));
      expect(gallery.title).toBe('Engines');
      expect(gallery.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Pictures of engines.');
      expect(gallery.querySelector('h1')?.textContent).toBe('Engine pictures');
      expect(gallery.querySelector('header')?.textContent).toContain('ADA');
      expect(gallery.querySelector('footer')?.textContent).toContain(`© ${new Date().getFullYear()} Ada Lovelace`);
      expect(parse(await render('/project/solar')).title).toBe(`${projectPages.solar.title} | Ada Lab`);
      expect(parse((await answerFor('/no/such/page'))!.html).title).toBe('404 Not Found | Ada Lab');
    } finally {
      answers[key('settings')] = DEFAULT_SITE_SETTINGS;
    }
  });

  it('answers an unknown path 404, titled as the router’s error screen will be', async () => {
    const answer = await answerFor('/no/such/page');
    expect(answer?.status).toBe(404);
    const page = parse(answer!.html);
    expect(page.title).toBe('404 Not Found | Atelier');
    expect(page.getElementById('root')?.innerHTML).toBe('');
    expect(asked).toEqual([key('settings')]);
  });
});
