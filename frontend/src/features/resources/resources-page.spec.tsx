import { RESOURCE_FORMATS } from '@atelier/contracts';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache, contentApi } from '../../store/content-api';
import { resourceLink, resourceLinks } from '../../test/gallery-fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => import('./resources-page'));

beforeEach(() => {
  clearContentCache();
  vi.spyOn(contentApi, 'resources').mockResolvedValue(resourceLinks);
});
afterEach(() => vi.restoreAllMocks());

const list = () => screen.findByRole('list', { name: 'Developer resources' });
/** A definition's value inside one entry ('Channel:', 'Site:', 'Format:'). */
const fact = (entry: HTMLElement, term: string) =>
  within(entry).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/dev', { timeout: 20_000 }, () => {
  it("has the required heading and the note about hundreds more links in 20 to 30 categories", async () => {
    renderApp('/dev');
    await list();

    expect(
      screen.getByRole('heading', { level: 1, name: 'For Devs/Pros of AI/ML/Full-Stack/Python/React & more' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Hundreds more links will be added here, sorted into 20 to 30 categories\./)).toBeInTheDocument();
  });

  it('lists the 21 links, each with its title, note, url, channel, site and format label', async () => {
    vi.mocked(contentApi.resources).mockResolvedValue([
      resourceLink(1, {
        title: 'Practical Deep Learning for Coders',
        note: 'A free course that starts with working models.',
        url: 'https://course.fast.ai/',
        idu: 'https://course.fast.ai/',
        channel: 'fast.ai',
        site: 'course.fast.ai',
        fmat: 'vcp',
        format: RESOURCE_FORMATS.vcp,
      }),
      ...resourceLinks.slice(1),
    ]);
    renderApp('/dev');

    const entries = within(await list()).getAllByRole('listitem');
    expect(entries).toHaveLength(21);
    const first = entries[0];
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Practical Deep Learning for Coders');
    expect(first).toHaveTextContent('A free course that starts with working models.');
    expect(within(first).getByRole('link', { name: 'https://course.fast.ai/' })).toBeInTheDocument();
    expect(fact(first, 'Channel:')).toBe('fast.ai');
    expect(fact(first, 'Site:')).toBe('course.fast.ai');
    expect(fact(first, 'Format:')).toBe('video course playlist');
    // Every format shows as its human label, never as its code.
    expect(entries.slice(0, 8).map((entry) => fact(entry, 'Format:'))).toEqual([
      'video course playlist',
      ...Object.values(RESOURCE_FORMATS).slice(1),
    ]);
  });

  it('opens both the title and the url in a new tab, without handing this page to the other site', async () => {
    renderApp('/dev');
    const links = within(await list()).getAllByRole('link');

    expect(links).toHaveLength(42);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const entry = within(await list()).getAllByRole('listitem')[2];
    expect(within(entry).getByRole('link', { name: 'Resource 3' })).toHaveAttribute('href', 'https://learn.example.org/resource-3');
    expect(within(entry).getByRole('link', { name: 'https://learn.example.org/resource-3' })).toHaveAttribute(
      'href',
      'https://learn.example.org/resource-3',
    );
  });

  it('shows an icon for each kind of source', async () => {
    renderApp('/dev');
    const entries = within(await list()).getAllByRole('listitem');

    const iconOf = (entry: HTMLElement) => entry.querySelector('svg')?.getAttribute('data-testid');
    expect(entries.slice(0, 4).map(iconOf)).toEqual(['LanguageIcon', 'YouTubeIcon', 'GitHubIcon', 'MenuBookIcon']);
  });

  it('says so when the links cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(contentApi.resources).mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'));
    renderApp('/dev');

    expect(await screen.findByRole('alert')).toHaveTextContent('The resources could not be loaded.');
  });
});
