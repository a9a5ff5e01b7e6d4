import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache, contentApi } from '../../store/content-api';
import { exhibitItems } from '../../test/gallery-fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => import('./exhibit-page'));

beforeEach(() => {
  clearContentCache();
  vi.spyOn(contentApi, 'exhibit').mockResolvedValue(exhibitItems);
});
afterEach(() => vi.restoreAllMocks());

const exhibit = () => screen.findByRole('list', { name: 'Exhibit' });

describe('/exhibit', { timeout: 20_000 }, () => {
  it('lists every picture in one column, each tagged with the model that made it', async () => {
    renderApp('/exhibit');

    const entries = within(await exhibit()).getAllByRole('listitem');
    expect(screen.getByRole('heading', { level: 1, name: 'Exhibit of AI-Generated Images & Video' })).toBeInTheDocument();
    expect(entries).toHaveLength(48);
    expect(within(entries[0]).getByRole('img')).toHaveAccessibleName(
      'Exhibit picture 1 of 48, made with Atelier Procedural 1',
    );
    expect(within(entries[0]).getByRole('figure')).toHaveTextContent('Atelier Procedural 1');
    expect(within(entries[1]).getByRole('figure')).toHaveTextContent('Bot Folk Faces');
    expect(within(entries[47]).getByRole('figure')).toHaveTextContent('Atelier SVG Art');
  });

  it('loads each picture from the gallery path at the column width, with a 2x candidate and room reserved', async () => {
    renderApp('/exhibit');
    const pictures = within(await exhibit()).getAllByRole('img');

    const second = pictures[1];
    expect(second).toHaveAttribute('src', '/assets/gallery/exhibit-2.png?w=768&auto=format');
    expect(second.getAttribute('srcset')?.split(', ')).toEqual([
      '/assets/gallery/exhibit-2.png?w=360&auto=format 360w',
      '/assets/gallery/exhibit-2.png?w=768&auto=format 768w',
      '/assets/gallery/exhibit-2.png?w=768&auto=format&dpr=2 1536w',
    ]);
    expect(second).toHaveAttribute('sizes', '(min-width: 835px) 768px, 92vw');
    expect(second).toHaveAttribute('width', '768');
    expect(second).toHaveAttribute('height', '1024');
  });

  it('loads the first picture at once and the rest only as they come near', async () => {
    renderApp('/exhibit');
    const pictures = within(await exhibit()).getAllByRole('img');

    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    expect(pictures.slice(1).every((picture) => picture.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('says so when the exhibit cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(contentApi.exhibit).mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    renderApp('/exhibit');

    expect(await screen.findByRole('alert')).toHaveTextContent('The exhibit could not be loaded.');
  });
});
