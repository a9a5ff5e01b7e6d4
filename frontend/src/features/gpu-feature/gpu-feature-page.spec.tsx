import type { SiteContent } from '@atelier/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_META } from '../../app/route-meta-table';
import { ApiError } from '../../store/api-client';
import { contentApi } from '../../store/content-api';
import { gpuAds, siteContent } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { GPU_FAILURE } from './gpu-feature-page';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./gpu-feature-page'));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(contentApi, 'site').mockResolvedValue(siteContent);
});
afterEach(() => vi.restoreAllMocks());

describe('/feature/<gpu>', { timeout: 20_000 }, () => {
  it.each([
    ['/feature/nvidia-rtx-5090', gpuAds[0], ROUTE_META.rtx5090],
    ['/feature/nvidia-h100', gpuAds[1], ROUTE_META.h100],
  ])('%s is a banner of its ad that opens the manufacturer page in a new tab', async (path, ad, meta) => {
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

    await waitFor(() => expect(document.title).toBe(meta.title));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', meta.description);
  });

  it('shows the banner shape with the route title while the content is on its way', async () => {
    let answer: (site: SiteContent) => void = () => undefined;
    vi.mocked(contentApi.site).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderApp('/feature/nvidia-h100');

    expect(await screen.findByRole('heading', { level: 1, name: ROUTE_META.h100.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: gpuAds[1].title })).not.toBeInTheDocument();
    answer(siteContent);
    expect(await screen.findByRole('link', { name: gpuAds[1].title })).toBeInTheDocument();
  });

  it('says the product could not be loaded when the content API fails', async () => {
    const error = new ApiError(500, 'INTERNAL', 'The server answered 500');
    vi.mocked(contentApi.site).mockRejectedValue(error);
    renderApp('/feature/nvidia-rtx-5090');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(GPU_FAILURE);
    expect(within(alert).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: ROUTE_META.rtx5090.title })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('says the same when the site has no ad for this page', async () => {
    vi.mocked(contentApi.site).mockResolvedValue({ ...siteContent, ads: [gpuAds[1]] });
    renderApp('/feature/nvidia-rtx-5090');
    expect(await screen.findByRole('alert')).toHaveTextContent(GPU_FAILURE);
  });
});
