import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from '../../store/content-api';
import { galleryItems, gpuAds, projectPages, siteContent, trendingUsers } from '../../test/content-fixtures';
import { renderApp } from '../../test/render-app';
import { CONTACT_TITLE } from './contact-dialog';

// Where the contact form is offered: the home page's profile card (beside the CV, when the owner
// uploaded one) and every project page; the app hands the form to them (app/app-providers.tsx).

const CV = '/assets/cv/0123456789abcdef0123456789abcdef/Alex-Rivera-CV.pdf';

// The form loads lazily; compiling it once up front keeps the first opening within its time.
beforeAll(() => import('./contact-dialog'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(contentApi, 'trending').mockResolvedValue(trendingUsers);
  vi.spyOn(contentApi, 'gallery').mockResolvedValue(galleryItems);
  vi.spyOn(contentApi, 'feature').mockImplementation((slug) => Promise.resolve(gpuAds.find((ad) => ad.slug === slug) ?? null));
  vi.spyOn(contentApi, 'project').mockImplementation((slug) => Promise.resolve(projectPages[slug] ?? null));
});
afterEach(() => vi.restoreAllMocks());

async function profileCard(cv?: string) {
  vi.spyOn(contentApi, 'site').mockResolvedValue({ ...siteContent, profile: { ...siteContent.profile, cv } });
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 2, name: siteContent.profile.ownerName });
  return { ...view, card: screen.getByRole('region', { name: siteContent.profile.ownerName }) };
}

describe('the contact form on the pages', { timeout: 20_000 }, () => {
  it('the profile card offers the form, and the CV as a download when the owner uploaded one', async () => {
    const { card, user } = await profileCard(CV);
    const download = within(card).getByRole('link', { name: 'Download CV' });
    expect(download).toHaveAttribute('href', CV);
    expect(download).toHaveAttribute('download');

    await user.click(within(card).getByRole('button', { name: 'Contact me' }));
    expect(await screen.findByRole('dialog', { name: CONTACT_TITLE })).toBeInTheDocument();
  });

  it('the profile card without a CV offers no download', async () => {
    const { card } = await profileCard(undefined);
    expect(within(card).getByRole('button', { name: 'Contact me' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Download CV' })).not.toBeInTheDocument();
  });

  it('a project page offers the form', async () => {
    const { user } = renderApp('/project/bedrock');
    await screen.findByText(projectPages.bedrock.subtitle);
    await user.click(screen.getByRole('button', { name: 'Contact me' }));
    expect(await screen.findByRole('dialog', { name: CONTACT_TITLE })).toBeInTheDocument();
  });
});
