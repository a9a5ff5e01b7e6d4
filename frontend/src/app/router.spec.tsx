import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { DEFAULT_SITE_SETTINGS, type SitePageKey } from '@atelier/contracts';
import { contentApi } from '../store/content-api';
import { gpuAds } from '../test/content-fixtures';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

const PAGES = DEFAULT_SITE_SETTINGS.pages;
// The GPU feature pages' texts are their ads'.
const [rtx5090, h100] = gpuAds.map((ad) => ({ title: ad.pageTitle ?? ad.title, description: ad.pageDescription ?? ad.tagline }));
const META = { ...PAGES, rtx5090, h100 };

// Every path of docs/requirements/public-pages.md#routes; /project/<slug> pages
// take their meta from their content (features/projects/project-page.spec.tsx).
const SPEC_ROUTES: [string, SitePageKey | 'rtx5090' | 'h100'][] = [
  ['/', 'home'],
  ['/gallery', 'gallery'],
  ['/dev', 'resources'],
  ['/exhibit', 'exhibit'],
  ['/forge', 'forge'],
  ['/dream', 'dream'],
  ['/life', 'life'],
  ['/feature/nvidia-rtx-5090', 'rtx5090'],
  ['/feature/nvidia-h100', 'h100'],
  ['/lobby', 'lobby'],
  ['/matrix', 'matrix'],
  ['/profile/u42', 'profile'],
  ['/ll1l1l1ll', 'restricted'],
  ['/ll1l1l1ll/test', 'videoTest'],
  ['/citadel', 'citadel'],
];

beforeEach(() => {
  vi.spyOn(contentApi, 'feature').mockImplementation((slug) => Promise.resolve(gpuAds.find((ad) => ad.slug === slug) ?? null));
});
afterEach(() => vi.restoreAllMocks());

describe('router', { timeout: 20_000 }, () => {
  it.each(SPEC_ROUTES)('%s renders its page in the site frame with its own title and description', async (path, key) => {
    const meta: { title: string; description: string; heading?: string } = META[key];
    const { router } = renderApp(path, { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: meta.heading ?? meta.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(meta.title));
    expect(description()).toBe(meta.description);
  });

  it('gives each route a distinct title', () => {
    const titles = SPEC_ROUTES.map(([, key]) => META[key].title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("uses the required texts for the gallery, resources, exhibit, home and Forge pages", async () => {
    const { router } = renderApp('/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI-Generated Images & Video' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Gallery of AI-Generated Images & Video'));

    await router.navigate('/dev');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'For Devs/Pros of AI/ML/Full-Stack/Python/React & more' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Developer Resources'));

    await router.navigate('/exhibit');
    await waitFor(() => expect(document.title).toBe('Exhibit of AI-Generated Images & Video'));

    await router.navigate('/');
    await waitFor(() => expect(document.title).toMatch(/machine learning.*generative ai.*python.*full-stack/i));
    expect(description()).toMatch(/resources for ai developers and creators/i);

    await router.navigate('/forge');
    await waitFor(() => expect(document.title).toMatch(/ai image, video & chat generator/i));
  });

  it.each(['/matrix', '/profile/u42'])('%s without a stored token redirects to /lobby', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: PAGES.lobby.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lobby');
  });

  it('signing out on /matrix sends the visitor to /lobby', async () => {
    const { user, router } = renderApp('/matrix', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'SIGN OUT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });

  it("an unknown path shows 'Unexpected Application Error!' with 404 Not Found inside the site frame", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toMatch(/404 Not Found/));
  });

  it('scrolls to the top on every navigation', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[][] }; mockClear: () => void };
    scrollTo.mockClear();

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Gen AI Gallery' }));
    await screen.findByRole('heading', { level: 1, name: 'AI-Generated Images & Video' });
    // The scroll runs in an effect after the new page renders: wait for it rather than race it.
    await waitFor(() => expect(scrollTo.mock.calls).toContainEqual([0, 0]));
  });
});
