// The server render (hydration is checked in the browser: e2e/specs/server-render.spec.ts; React
// cannot render on the server and hydrate in one process).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readPageData } from './app/server-render/page-data';
import type { ContentFetcher } from '@atelier/contracts';
import { renderPage } from './entry-server';
import { projectPages, siteContent, trendingUsers } from './test/content-fixtures';
import { exhibitItems, galleryItems, resourceLinks } from './test/gallery-fixtures';

const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

const template = [
  '<!doctype html><html lang="en"><head><title>Atelier</title>',
  '<meta\n  name="description"\n  content="The site"\n/>',
  '<script type="module" crossorigin src="/static/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/static/react-abc.js"></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const answers: Record<string, unknown> = {
  '/content/site': siteContent,
  '/content/trending': trendingUsers,
  '/content/gallery': galleryItems,
  '/content/resources': resourceLinks,
  '/content/exhibit': exhibitItems,
  '/content/projects/solar': projectPages.solar,
};

let fetchContent: ReturnType<typeof vi.fn<ContentFetcher>>;
beforeEach(() => {
  fetchContent = vi.fn<ContentFetcher>(async (path) => {
    if (!(path in answers)) throw new Error(`404 ${path}`);
    return answers[path];
  });
});

const answerFor = (path: string, userAgent = PHONE) => renderPage({ url: `http://localhost${path}`, userAgent, template }, fetchContent);

/** The first HTML of a page that answers 200. */
async function render(path: string, userAgent = PHONE): Promise<string> {
  const answer = await answerFor(path, userAgent);
  expect(answer?.status).toBe(200);
  return answer!.html;
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('server render', () => {
  it("renders the home page with its content, the route's title and description, and the answers it used", async () => {
    const page = parse(await render('/'));

    expect(page.title).toBe('Atelier: Machine Learning, Generative AI, Python & Full-Stack Development');
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Resources for AI developers/);
    const root = page.getElementById('root') as HTMLElement;
    expect(root.querySelector('h1')?.textContent).toBe('Machine Learning, Generative AI, Python & Full-Stack Development');
    expect(root.textContent).toContain(siteContent.profile.ownerName);
    expect(root.textContent).toContain(`${trendingUsers[0].firstName} ${trendingUsers[0].lastName}`);
    expect(fetchContent.mock.calls.map(([path]) => path).sort()).toEqual(['/content/site', '/content/trending']);
    expect(readPageData(page)).toEqual({
      content: { '/content/site': siteContent, '/content/trending': trendingUsers },
      viewportWidth: 390,
    });
  });

  it('lays the page out for the width the user agent suggests', async () => {
    const phone = parse(await render('/gallery', PHONE));
    const desktop = parse(await render('/gallery', DESKTOP));

    expect(phone.querySelector('nav[aria-label="Main"]')).toBeNull();
    expect(phone.querySelector('button[aria-label="open menu"]')).not.toBeNull();
    expect(desktop.querySelectorAll('nav[aria-label="Main"] a')).toHaveLength(6);
    expect(readPageData(desktop)?.viewportWidth).toBe(1280);
    expect(desktop.querySelectorAll('ul[aria-label="Gallery"] > li')).toHaveLength(60);
  });

  it('gives the page its scripts at low priority: its content is already there', async () => {
    const page = parse(await render('/dev'));

    expect(page.querySelector('script[type="module"]')?.getAttribute('fetchpriority')).toBe('low');
    expect(page.querySelector('link[rel="modulepreload"]')?.getAttribute('fetchpriority')).toBe('low');
    expect(page.querySelectorAll('#root a[target="_blank"]').length).toBeGreaterThanOrEqual(21);
  });

  it('renders a page whose content cannot be fetched as loading, and leaves that content out of the page data', async () => {
    fetchContent.mockRejectedValue(new Error('database down'));
    const page = parse(await render('/project/solar'));

    expect(page.title).toMatch(/solar/i);
    expect(readPageData(page)?.content).toEqual({});
    expect(fetchContent).toHaveBeenCalledWith('/content/projects/solar');
  });

  it('keeps markup out of the page data: a closing script tag in content stays text', async () => {
    answers['/content/resources'] = [{ ...resourceLinks[0], title: '</script><script>alert(1)</script>' }];
    try {
      const html = (await render('/dev')) as string;
      expect(html).not.toContain('</script><script>alert(1)');
      expect(readPageData(parse(html))?.content['/content/resources']).toEqual(answers['/content/resources']);
    } finally {
      answers['/content/resources'] = resourceLinks;
    }
  });

  it('answers a page whose content has not changed with its last render, and renders it again when it has', async () => {
    const first = await render('/exhibit');
    fetchContent.mockClear();
    expect(await render('/exhibit')).toBe(first);
    expect(fetchContent.mock.calls).toEqual([['/content/exhibit']]);

    answers['/content/exhibit'] = [{ id: 'e1', model: 'A model only this test has', picturePath: '/assets/e1.png', width: 512, height: 512 }];
    try {
      const changed = await render('/exhibit');
      expect(changed).toContain('A model only this test has');
      expect(await render('/exhibit', DESKTOP)).toContain('A model only this test has');
    } finally {
      answers['/content/exhibit'] = exhibitItems;
    }
  });

  it.each([
    ['/forge', 'Forge: AI Image, Video & Chat Generator'],
    ['/dream', 'Dream-o-matic: AI Dream Image Generator'],
    ['/life', 'Synthetic Life: Bot Folk Generator'],
    ['/lobby', 'Matrix Network: Sign In or Create Account'],
    ['/matrix', 'Matrix Network'],
    ['/profile/8c1f0b7e-2f4e-4b1a-9a55-0d1f3c5e7a90', 'Member Profile | Matrix Network'],
    ['/ll1l1l1ll/test', 'Video Player'],
  ])('leaves %s to the browser (visitor-specific or random), under its own title and description', async (path, title) => {
    const page = parse(await render(path));
    expect(page.title).toBe(title);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe('The site');
    expect(page.getElementById('root')?.innerHTML).toBe('');
    expect(fetchContent).not.toHaveBeenCalled();
  });

  it('answers an unknown path 404, titled as the router’s error screen will be', async () => {
    const answer = await answerFor('/no/such/page');
    expect(answer?.status).toBe(404);
    const page = parse(answer!.html);
    expect(page.title).toBe('404 Not Found | Atelier');
    expect(page.getElementById('root')?.innerHTML).toBe('');
    expect(fetchContent).not.toHaveBeenCalled();
  });
});
