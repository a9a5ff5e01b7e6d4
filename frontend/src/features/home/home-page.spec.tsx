import type { SiteContent, TrendingUser } from '@atelier/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { contentApi } from '../../store/content-api';
import { galleryItems, gpuAds, siteContent, trendingUsers } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { shownAtWidth, styleAtWidth } from '../../test/viewport';
import { HOME_FAILURE } from './home-page';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./home-page'));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(contentApi, 'site').mockResolvedValue(siteContent);
  vi.spyOn(contentApi, 'trending').mockResolvedValue(trendingUsers);
  vi.spyOn(contentApi, 'gallery').mockResolvedValue(galleryItems);
  // The project pages the cards open are not under test here (their loader waits for the answer: none).
  vi.spyOn(contentApi, 'project').mockResolvedValue(null);
  vi.spyOn(contentApi, 'feature').mockImplementation((slug) => Promise.resolve(gpuAds.find((ad) => ad.slug === slug) ?? null));
});
afterEach(() => vi.restoreAllMocks());

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const featured = () => region('Featured Projects');

/** A call that answers only when told to. */
function pending<T>() {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer: (value: T) => answer(value) };
}

/** Leaves the home page and comes back to it (a new visit: the page mounts again). */
async function revisit(router: ReturnType<typeof renderApp>['router']) {
  await act(() => router.navigate('/feature/nvidia-h100'));
  await screen.findByRole('heading', { level: 1, name: 'NVIDIA H100 80 GB' });
  await act(() => router.navigate('/'));
}

async function openHome() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 2, name: 'Alex Rivera' });
  return view;
}

describe('/ (home)', { timeout: 20_000 }, () => {
  it("shows the profile card: name, headline, summary, years per skill area, two patents and the availability lines", async () => {
    await openHome();
    const card = region('Alex Rivera');

    expect(within(card).getByText(siteContent.profile.headline)).toBeInTheDocument();
    expect(within(card).getByText(siteContent.profile.summary)).toBeInTheDocument();
    expect(within(card).getByText(/years Python/).textContent).toBe('12 years Python');
    expect(within(card).getByText(/years Machine learning/).textContent).toBe('7 years Machine learning');
    for (const patent of siteContent.profile.patents) {
      const link = within(card).getByRole('link', { name: patent.number! });
      expect(link).toHaveAttribute('href', patent.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(card).toHaveTextContent('Back on the market for a contract or direct role.');
    expect(card).toHaveTextContent(/100% remote from Northern California.*W2, contract, agency or direct hire/);
    expect(screen.getByText(/about 20-30 projects/)).toBeInTheDocument();
  });

  it('shows a patent the owner has not numbered yet by its title and year, and no made-up link or number', async () => {
    const profile = { ...siteContent.profile, links: [], patents: [{ title: 'Solar design from aerial imagery', year: 2019 }] };
    vi.mocked(contentApi.site).mockResolvedValue({ ...siteContent, profile });
    await openHome();
    const card = region('Alex Rivera');

    const patents = within(card).getByText('Patents').nextElementSibling as HTMLElement;
    expect(within(patents).getByRole('listitem')).toHaveTextContent(/^Solar design from aerial imagery \(2019\)$/);
    expect(within(card).queryAllByRole('link')).toEqual([]);
  });

  it('lists the 5 career highlights', async () => {
    await openHome();
    const items = within(region('Career Highlights')).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[3]).toHaveTextContent('Lead developer, A solar company');
    expect(items[3]).toHaveTextContent('2 patents, in 2019 and 2020.');
  });

  it('shows the four featured project cards with period, role, two bullet columns, narrative and coloured chips', async () => {
    await openHome();
    const cards = within(featured()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Machine Learning Solar Design',
      'Bedrock Stack',
      'AnsibleMyEC2',
      'Bot Folk',
    ]);
    const solar = cards[0];
    expect(within(solar).getByRole('link', { name: 'Machine Learning Solar Design' })).toHaveAttribute('href', '/project/solar');
    expect(solar).toHaveTextContent('2018 - 2021');
    expect(solar).toHaveTextContent('Full-time lead developer and team manager');
    expect(solar).toHaveTextContent('Two US patents, 2019 and 2020');
    expect(solar).toHaveTextContent('Panel layout optimiser');
    expect(solar).toHaveTextContent(siteContent.projects[0].narrative);
    const chips = within(within(solar).getByRole('list', { name: 'Machine Learning Solar Design technologies' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Python', 'TensorFlow', 'React']);
    // The chip's colour, with text that reads on it: white on the dark blue, black on the light one.
    const python = within(chips[0]).getByText('Python').parentElement as HTMLElement;
    expect(getComputedStyle(python).backgroundColor).toBe('rgb(55, 118, 171)');
    expect(getComputedStyle(python).color).toBe('rgb(255, 255, 255)');
    const react = within(chips[2]).getByText('React').parentElement as HTMLElement;
    expect(getComputedStyle(react).color).toBe('rgb(0, 0, 0)');
  });

  it('offers card thumbnails 340px wide from 800px, with a 2x variant, and sizes their box to match', async () => {
    await openHome();
    const thumb = within(featured()).getByRole('img', { name: 'Machine Learning Solar Design screenshot' });
    const wide = thumb.parentElement?.querySelector('source') as HTMLSourceElement;
    expect(wide).toHaveAttribute('media', '(min-width: 800px)');
    expect(wide).toHaveAttribute(
      'srcset',
      '/assets/projects/solar.png?w=340&h=248&fit=crop&auto=format 1x, /assets/projects/solar.png?w=340&h=248&fit=crop&auto=format&dpr=2 2x',
    );
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(styleAtWidth(thumb, 'width', 800)).toBe('340px');
    expect(styleAtWidth(thumb, 'aspect-ratio', 800)).toMatch(/^340 ?\/ ?248$/);
  });

  it('uses 180px thumbnails below 800px', async () => {
    await openHome();
    const thumb = within(featured()).getByRole('img', { name: 'Bot Folk screenshot' });
    // The picture a browser takes when the 800px source does not match.
    expect(thumb).toHaveAttribute('src', '/assets/projects/botfolk.png?w=180&h=124&fit=crop&auto=format');
    expect(thumb).toHaveAttribute('width', '180');
    expect(thumb).toHaveAttribute('height', '124');
    expect(styleAtWidth(thumb, 'width', 799)).toBe('180px');
    expect(styleAtWidth(thumb, 'aspect-ratio', 799)).toMatch(/^180 ?\/ ?124$/);
  });

  it('small mode: 180px thumbnails with a zoom icon that open the project; bullets and narrative left out', async () => {
    const { user, router } = await openHome();
    const solar = () => within(featured()).getAllByRole('article')[0];
    expect(within(solar()).queryByRole('link', { name: 'Open the Machine Learning Solar Design project' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Small cards' }));

    const thumb = within(solar()).getByRole('img', { name: 'Machine Learning Solar Design screenshot' });
    expect(thumb).toHaveAttribute('src', '/assets/projects/solar.png?w=180&h=124&fit=crop&auto=format');
    expect(solar().querySelector('source')).toBeNull();
    expect(styleAtWidth(thumb, 'width', 1280)).toBe('180px');
    expect(solar()).not.toHaveTextContent('Panel layout optimiser');
    expect(solar()).not.toHaveTextContent(siteContent.projects[0].narrative);
    expect(within(solar()).getByRole('list', { name: 'Machine Learning Solar Design technologies' })).toBeInTheDocument();
    expect(solar().querySelector('[data-testid="ZoomInIcon"]')).not.toBeNull();

    await user.click(within(solar()).getByRole('link', { name: 'Open the Machine Learning Solar Design project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/solar'));
  });

  it("lists the four required projects on the right, each linking to its page", async () => {
    await openHome();
    const links = within(region('Projects')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/project/solar', '/project/bedrock', '/project/ansible', '/project/botfolk']);
    expect(links[1]).toHaveTextContent('Python FastAPI Stack');
    expect(links[1]).toHaveTextContent('FastAPI, PostgreSQL, React');
    expect(links[1].querySelector('img')).toHaveAttribute('src', '/assets/projects/bedrock.png?w=124&h=124&fit=crop&auto=format');
  });

  it('shows the two GPU cards, which open their feature pages, and the construction notice', async () => {
    const { user, router } = await openHome();
    const ads = region('Sponsored');
    const rtx = within(ads).getByRole('link', { name: 'NVIDIA GeForce RTX 5090 32 GB' });
    expect(rtx).toHaveAttribute('href', '/feature/nvidia-rtx-5090');
    expect(within(ads).getByRole('link', { name: 'NVIDIA H100 80 GB' })).toHaveAttribute('href', '/feature/nvidia-h100');
    expect(ads).toHaveTextContent('nvidia.com');
    expect(ads).toHaveTextContent('32 GB of GDDR7 for local AI.');
    expect(within(ads).getByRole('img', { name: 'NVIDIA H100 Tensor Core GPU' })).toHaveAttribute(
      'srcset',
      expect.stringContaining('/assets/ads/nvidia-h100.png?w=360&h=180&fit=crop&auto=format&dpr=2 2x'),
    );
    expect(region('Under construction')).toHaveTextContent('Work on this feature will be complete in May, 2025');

    await user.click(rtx);
    await waitFor(() => expect(router.state.location.pathname).toBe('/feature/nvidia-rtx-5090'));
  });

  it('shows the 11 trending members with their locations and keeps them in the session', async () => {
    const { store } = await openHome();
    const widget = region('Trending on Matrix Network');
    await waitFor(() => expect(within(widget).getAllByRole('listitem')).toHaveLength(11));
    const first = within(widget).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Nova Quill');
    expect(first).toHaveTextContent('Lisbon, Portugal');
    const picture = first.querySelector('img') as HTMLImageElement;
    expect(picture).toHaveAttribute('src', '/assets/users/nova.png?w=124&h=124&fit=crop&auto=format');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(store.getState().session.usersTrending).toEqual(trendingUsers);

    // A picture that cannot be loaded leaves the initials.
    fireEvent.error(picture);
    expect(first.querySelector('img')).toBeNull();
    expect(first).toHaveTextContent(/^NQNova Quill/);
  });

  it('shows the profile photo from 800px only; lazy, so a browser that hides it never fetches it', async () => {
    await openHome();
    const photo = within(region('Alex Rivera')).getByRole('img', { name: 'Alex Rivera' });
    expect(photo).toHaveAttribute(
      'srcset',
      '/assets/img/profile.png?w=180&h=180&fit=crop&auto=format 1x, /assets/img/profile.png?w=180&h=180&fit=crop&auto=format&dpr=2 2x',
    );
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect([375, 799, 800, 1280].map((width) => shownAtWidth(photo, width))).toEqual([false, false, true, true]);
  });

  it('has the Gen AI thumbnail column from 1280px only: lazy gallery thumbnails that open /gallery', async () => {
    await openHome();
    const column = region('Gen AI');
    await waitFor(() => expect(within(column).getAllByRole('img')).toHaveLength(6));
    expect([1000, 1279, 1280].map((width) => shownAtWidth(column, width))).toEqual([false, false, true]);
    const [first] = within(column).getAllByRole('img', { name: 'Midjourney 3, by procedural' });
    expect(first).toHaveAttribute('src', '/assets/gallery/art-1.png?w=248&h=248&fit=crop&auto=format');
    expect(first).toHaveAttribute('width', '248');
    expect(within(column).getAllByRole('img').map((image) => image.getAttribute('loading'))).toEqual(Array(6).fill('lazy'));
    expect(first.closest('a')).toHaveAttribute('href', '/gallery');
    expect(within(column).getByRole('link', { name: 'Gen AI' })).toHaveAttribute('href', '/gallery');
  });

  it('stacks its columns below 1000px, puts them side by side 70/30 from there, and 66/20/14 from 1280px', async () => {
    await openHome();
    const grid = screen.getByTestId('home-main').parentElement as HTMLElement;
    expect([999, 1000, 1279, 1280].map((width) => styleAtWidth(grid, 'grid-template-columns', width))).toEqual([
      'minmax(0, 1fr)',
      'minmax(0, 70fr) minmax(0, 30fr)',
      'minmax(0, 70fr) minmax(0, 30fr)',
      'minmax(0, 66fr) minmax(0, 20fr) minmax(0, 14fr)',
    ]);
    expect(styleAtWidth(grid, 'gap', 1280)).toBe('2rem');
  });

  it('shows skeletons while the content is on its way', async () => {
    const site = pending<SiteContent>();
    const trending = pending<TrendingUser[]>();
    vi.mocked(contentApi.site).mockReturnValue(site.promise);
    vi.mocked(contentApi.trending).mockReturnValue(trending.promise);
    renderApp('/');

    expect(await screen.findByRole('status', { name: 'Loading the profile and projects' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the projects list' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading trending members' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Machine Learning, Generative AI, Python & Full-Stack Development' })).toBeInTheDocument();

    site.answer(siteContent);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alex Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the profile and projects' })).not.toBeInTheDocument();
  });

  it('says so when the content cannot be loaded, and still shows the trending members', async () => {
    const error = new ApiError(500, 'INTERNAL', 'The server answered 500');
    vi.mocked(contentApi.site).mockRejectedValue(error);
    renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent(HOME_FAILURE);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
    await waitFor(() => expect(within(region('Trending on Matrix Network')).getAllByRole('listitem')).toHaveLength(11));
    expect(screen.queryByRole('region', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it("titles a notice with its own heading, or 'Under construction' as the demo's", async () => {
    vi.mocked(contentApi.site).mockResolvedValue({ ...siteContent, notices: [{ id: 'n1', text: 'Talks all week', dateLabel: 'December', title: 'Open house' }, ...siteContent.notices] });
    await openHome();
    expect(region('Open house')).toHaveTextContent('Talks all week December');
    expect(region('Under construction')).toBeInTheDocument();
  });

  it('shows the notice date once when the notice text already names it', async () => {
    const text = 'Construction area: work on this feature will be complete in May, 2025.';
    vi.mocked(contentApi.site).mockResolvedValue({ ...siteContent, notices: [{ id: 'n1', text, dateLabel: 'May, 2025' }] });
    await openHome();
    expect(region('Under construction')).toHaveTextContent(new RegExp(`^Under construction${text.replace(/[.]/g, '\\.')}$`));
  });

  it('draws no trending card rather than loading forever when the site keeps no trending members', async () => {
    vi.mocked(contentApi.trending).mockResolvedValue([]);
    await openHome();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Trending on Matrix Network' })).not.toBeInTheDocument());
    expect(screen.queryByRole('status', { name: 'Loading trending members' })).not.toBeInTheDocument();
  });

  it('draws no empty section: no career, projects, patents, ads, notice, note or Gen AI heading when the owner has none', async () => {
    const profile = { ...siteContent.profile, patents: [], skills: [], moreToCome: undefined };
    vi.mocked(contentApi.site).mockResolvedValue({ ...siteContent, profile, career: [], projects: [], ads: [], notices: [] });
    vi.mocked(contentApi.trending).mockResolvedValue([]);
    vi.mocked(contentApi.gallery).mockResolvedValue([]);
    await openHome();
    const card = await screen.findByRole('heading', { level: 2, name: profile.ownerName });
    expect(card).toBeInTheDocument();
    for (const heading of ['Patents', 'Years of experience']) expect(screen.queryByText(heading)).not.toBeInTheDocument();
    for (const region of ['Career Highlights', 'Projects', 'Sponsored', 'Under construction', 'Trending on Matrix Network', 'Gen AI']) {
      expect(screen.queryByRole('region', { name: region })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(siteContent.profile.moreToCome ?? '')).not.toBeInTheDocument();
  });

  it('keeps showing the trending members stored in the session when they cannot be refreshed', async () => {
    // Failing for the page's loader and for the widget alike.
    vi.mocked(contentApi.trending).mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'));
    const { store, router } = await openHome();
    expect(await within(region('Trending on Matrix Network')).findByRole('alert')).toHaveTextContent(
      'Trending members could not be loaded.',
    );
    expect(store.getState().session.usersTrending).toEqual([]);

    // A later visit refreshes them; one after that which fails shows the stored ones.
    vi.mocked(contentApi.trending).mockResolvedValue(trendingUsers);
    await revisit(router);
    await waitFor(() => expect(store.getState().session.usersTrending).toHaveLength(11));
    vi.mocked(contentApi.trending).mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'));
    await revisit(router);
    await screen.findByRole('heading', { level: 2, name: 'Alex Rivera' });
    const widget = region('Trending on Matrix Network');
    await waitFor(() => expect(within(widget).getAllByRole('listitem')).toHaveLength(11));
    expect(within(widget).queryByRole('alert')).not.toBeInTheDocument();
  });
});
