import type { ProjectPage } from '@atelier/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache } from '../../store/content-api';
import { MIT_TEXT, projectPages } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { PROJECT_FAILURE, PROJECT_NOT_FOUND } from './project-page';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./project-page'));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The URL fetch was asked for: the API client passes a Request. */
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

/** The content API as the route's loader and the page reach it: a project's page, or 404. */
function contentServer(url: RequestInfo | URL): Promise<Response> {
  const slug = /\/content\/projects\/([^/?]+)$/.exec(urlOf(url))?.[1];
  const page = slug === undefined ? undefined : projectPages[decodeURIComponent(slug)];
  return Promise.resolve(page ? json(page) : json({ code: 'NOT_FOUND', message: 'No such project' }, 404));
}

let consoleError: ReturnType<typeof vi.spyOn>;
let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;
beforeEach(() => {
  clearContentCache();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fetch = vi.fn<typeof globalThis.fetch>(contentServer);
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openProject(slug: string) {
  const view = renderApp(`/project/${slug}`);
  // The subtitle comes with the content (the title may equal the route's own).
  await screen.findByText(projectPages[slug].subtitle);
  return view;
}

const expectOpensInNewTab = (link: HTMLElement, href: string) => {
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
};

describe('/project/<slug>', { timeout: 20_000 }, () => {
  it('asks the content API for the page of its own route, once', async () => {
    await openProject('bedrock');
    expect(fetch.mock.calls.map(([url]) => urlOf(url))).toEqual([expect.stringMatching(/\/api\/content\/projects\/bedrock$/)]);
  });

  it('shows any project the content API has: the route is not a fixed list', async () => {
    const added: ProjectPage = { slug: 'new-thing', title: 'A New Thing', subtitle: 'Added by the owner today', blocks: [] };
    fetch.mockImplementation((url) => (urlOf(url).endsWith('/content/projects/new-thing') ? Promise.resolve(json(added)) : contentServer(url)));
    renderApp('/project/new-thing');
    expect(await screen.findByRole('heading', { level: 1, name: 'A New Thing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('A New Thing | Atelier'));
  });

  it('the header block shows title and subtitle and goes home when clicked', async () => {
    const { user, router } = await openProject('bedrock');
    const header = screen.getByRole('link', { name: /^Bedrock Stack/ });
    expect(header).toHaveAttribute('href', '/');
    expect(header).toHaveTextContent('An open-source Python full stack on FastAPI');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('Bedrock Stack');

    await user.click(within(header).getByText('An open-source Python full stack on FastAPI'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('the header block goes home from the keyboard too', async () => {
    const { user, router } = await openProject('bedrock');
    const header = screen.getByRole('link', { name: /^Bedrock Stack/ });
    header.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("takes its title and description from the project's content", async () => {
    await openProject('bedrock');
    await waitFor(() => expect(document.title).toBe(`${projectPages.bedrock.title} | Atelier`));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', projectPages.bedrock.subtitle);
  });

  it('renders text blocks (heading and paragraphs) and chips blocks (coloured)', async () => {
    await openProject('bedrock');
    expect(screen.getByRole('heading', { level: 2, name: 'Why Python' })).toBeInTheDocument();
    expect(screen.getByText('Python dominates machine learning.')).toBeInTheDocument();
    expect(screen.getByText('FastAPI makes it fast on the web too.')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['FastAPI', 'PostgreSQL', 'React']);
    expect(getComputedStyle(within(chips[0]).getByText('FastAPI').parentElement as HTMLElement).backgroundColor).toBe('rgb(0, 150, 136)');
  });

  it("renders the under-construction profile card: 37 friends, counters with thousands separators, rows", async () => {
    await openProject('atelier');
    const card = screen.getByRole('region', { name: 'Alex Rivera' });
    expect(card).toHaveTextContent('Under construction');
    expect(card).toHaveTextContent('Lead developer');
    expect(card).toHaveTextContent('37 friends');
    expect(within(card).getByText("Who's viewed your profile").nextElementSibling).toHaveTextContent(/^1,234$/);
    expect(within(card).getByText('Impressions of your post').nextElementSibling).toHaveTextContent(/^5,678$/);
    expect(within(card).getByText('Location').nextElementSibling).toHaveTextContent('Northern California');
  });

  it('links: external ones open in a new tab, site routes stay in the app', async () => {
    await openProject('atelier');
    expectOpensInNewTab(screen.getByRole('link', { name: 'Source code' }), 'https://github.com/example/atelier');
    expect(screen.getByText(/— MIT/)).toBeInTheDocument();
    const site = screen.getByRole('link', { name: 'This site' });
    expect(site).toHaveAttribute('href', '/');
    expect(site).not.toHaveAttribute('target');
  });

  it('renders videos with controls, metadata preload, poster and caption; and the three patent links', async () => {
    await openProject('solar');
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(2);
    const video = figures[0].querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/assets/projects/vid/solar-design.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', '/assets/projects/solar-poster.png');
    expect(video).toHaveAttribute('width', '640');
    expect(figures[0]).toHaveTextContent('Designing a roof');
    expect(figures[1].querySelector('video')).not.toHaveAttribute('poster');
    expect(screen.getByText('The company was acquired in 2021.')).toBeInTheDocument();

    const patents = within(screen.getByRole('heading', { level: 2, name: 'Patents' }).parentElement as HTMLElement).getAllByRole('link');
    expect(patents).toHaveLength(3);
    expectOpensInNewTab(patents[0], 'https://patents.google.com/patent/US10592359B2');
  });

  it('renders the licence text whole, in a wrapping preformatted block', async () => {
    await openProject('ansible');
    expect(screen.getByRole('heading', { level: 2, name: 'MIT License' })).toBeInTheDocument();
    const licence = document.querySelector('pre') as HTMLElement;
    expect(licence.textContent).toBe(MIT_TEXT);
    expect(getComputedStyle(licence).whiteSpace).toBe('pre-wrap');
    expectOpensInNewTab(screen.getByRole('link', { name: 'Repository' }), 'https://github.com/example/ansible-my-ec2');
  });

  it("shows a skeleton while the page asks again for content its route's loader could not get", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderApp('/project/bedrock');

    expect(await screen.findByRole('status', { name: 'Loading the project' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Project' })).toBeInTheDocument();
    answer(json(projectPages.bedrock));
    expect(await screen.findByRole('heading', { level: 2, name: 'Why Python' })).toBeInTheDocument();
  });

  it('says there is no such page, with a link home, when the API has none (404)', async () => {
    renderApp('/project/nucleus');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PROJECT_NOT_FOUND);
    expect(within(alert).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Project Not Found | Atelier'));
  });

  it('says the page could not be loaded on any other failure', async () => {
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/project/botfolk');
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECT_FAILURE);
    expect(consoleError).toHaveBeenCalledWith('Content could not be loaded', expect.any(ApiError));
  });

  it("shows a project's Markdown as the server rendered it, and its gallery of pictures and videos", async () => {
    const engine: ProjectPage = {
      slug: 'engine',
      title: 'Analytical Engine',
      subtitle: 'Designer, 1837 - 1871',
      blocks: [
        { kind: 'markdown', heading: 'Notes', markdown: '*x*', html: '<p>Built with <em>brass</em>; see <a href="https://example.com/plans" target="_blank" rel="noopener noreferrer">the plans</a>.</p>\n' },
        {
          kind: 'gallery',
          heading: 'Pictures',
          items: [
            { src: '/assets/content/mill.png', width: 800, height: 600, caption: 'The mill' },
            { src: '/assets/content/run.mp4', poster: '/assets/content/run.jpg', caption: 'A run' },
          ],
        },
      ],
    };
    projectPages.engine = engine;
    try {
      await openProject('engine');
      const notes = screen.getByRole('region', { name: 'Notes' });
      expect(within(notes).getByText('brass').tagName).toBe('EM');
      expectOpensInNewTab(within(notes).getByRole('link', { name: 'the plans' }), 'https://example.com/plans');

      const pictures = screen.getByRole('region', { name: 'Pictures' });
      const mill = within(pictures).getByRole('img', { name: 'The mill' });
      expect(mill).toHaveAttribute('width', '800');
      expect(mill).toHaveAttribute('height', '600');
      expect(mill.getAttribute('srcset')).toContain('/assets/content/mill.png?w=1024&auto=format 1024w');
      const video = pictures.querySelector('video');
      expect(video).toHaveAttribute('src', '/assets/content/run.mp4');
      expect(video).toHaveAttribute('poster', '/assets/content/run.jpg');
      expect(within(pictures).getByText('A run').tagName).toBe('FIGCAPTION');
    } finally {
      delete projectPages.engine;
    }
  });
});

