import type { GpuAd } from '@atelier/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { contentApi } from '../../store/content-api';
import { gpuAds } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { GPU_FAILURE } from './gpu-feature-page';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./gpu-feature-page'));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(contentApi, 'feature').mockImplementation((slug) => Promise.resolve(gpuAds.find((ad) => ad.slug === slug) ?? null));
});
afterEach(() => vi.restoreAllMocks());

describe('/feature/<gpu>', { timeout: 20_000 }, () => {
  it.each([
    ['/feature/nvidia-rtx-5090', gpuAds[0]],
    ['/feature/nvidia-h100', gpuAds[1]],
  ])('%s is a banner of its ad that opens the manufacturer page in a new tab', async (path, ad) => {
    renderApp(path);
    const link = await screen.findByRole('link', { name: ad.title });
    expect(link).toHaveAttribute('href', ad.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { level: 1, name: ad.title })).toContainElement(link);

    const banner = screen.getByRole('article');
    expect(banner).toHaveTextContent(ad.domain);
    expect(banner).toHaveTextContent(ad.tagline);
    expect(banner).toHaveTextContent(ad.description);
    const image = within(banner).getByRole('img', { name: ad.imageAlt });
    expect(image).toHaveAttribute('src', `${ad.image}?w=680&h=340&fit=crop&auto=format`);
    expect(image.getAttribute('srcset')).toContain(`${ad.image}?w=1536&h=768&fit=crop&auto=format 1536w`);
    expect(image).toHaveAttribute('width', '680');
    expect(image).toHaveAttribute('height', '340');

    await waitFor(() => expect(document.title).toBe(ad.pageTitle));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', ad.pageDescription);
  });

  it("is any ad's page, the owner's too: its page title, or else its card's title and tagline", async () => {
    const ad: GpuAd = { ...gpuAds[0], slug: 'rtx-pro-6000', title: 'RTX PRO 6000', tagline: '96 GB on one card', pageTitle: undefined, pageDescription: undefined };
    vi.mocked(contentApi.feature).mockResolvedValue(ad);
    renderApp('/feature/rtx-pro-6000');
    expect(await screen.findByRole('link', { name: 'RTX PRO 6000' })).toHaveAttribute('href', ad.url);
    await waitFor(() => expect(document.title).toBe('RTX PRO 6000'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', '96 GB on one card');
  });

  it('waits for its ad: the title, the status and the banner all come from that one answer', async () => {
    let answer: (ad: GpuAd) => void = () => undefined;
    vi.mocked(contentApi.feature).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderApp('/feature/nvidia-h100');

    await waitFor(() => expect(contentApi.feature).toHaveBeenCalledWith('nvidia-h100'));
    expect(screen.queryByRole('link', { name: gpuAds[1].title })).not.toBeInTheDocument();
    answer(gpuAds[1]);
    expect(await screen.findByRole('link', { name: gpuAds[1].title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: gpuAds[1].title })).toBeInTheDocument();
  });

  it('says the product could not be loaded when the content API fails', async () => {
    const error = new ApiError(500, 'INTERNAL', 'The server answered 500');
    vi.mocked(contentApi.feature).mockRejectedValue(error);
    renderApp('/feature/nvidia-rtx-5090');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(GPU_FAILURE);
    expect(within(alert).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Feature' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('says the same when the site has no ad for this page', async () => {
    renderApp('/feature/no-such-gpu');
    expect(await screen.findByRole('alert')).toHaveTextContent(GPU_FAILURE);
    expect(screen.getByRole('heading', { level: 1, name: 'Feature not found' })).toBeInTheDocument();
  });
});
