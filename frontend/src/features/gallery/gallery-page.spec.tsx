import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache, contentApi } from '../../store/content-api';
import { galleryItem, galleryItems } from '../../test/gallery-fixtures';
import { renderApp } from '../../test/render-app';
import { styleAtWidth } from '../../test/viewport';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./gallery-page'));

beforeEach(() => {
  clearContentCache();
  vi.spyOn(contentApi, 'gallery').mockResolvedValue(galleryItems);
});
afterEach(() => vi.restoreAllMocks());

const grid = () => screen.findByRole('list', { name: 'Gallery' });
/** The thumbnails' buttons; `hidden` while the viewer hides the page from assistive technology. */
const thumbnails = () => screen.getAllByRole('button', { name: /view full size$/, hidden: true });
const thumbnail = (n: number) => thumbnails()[n - 1];

async function openGallery() {
  const view = renderApp('/gallery');
  await grid();
  return view;
}

describe('/gallery', { timeout: 20_000 }, () => {
  it("has the required heading and shows every item with its model name and 'by: author'", async () => {
    await openGallery();

    expect(screen.getByRole('heading', { level: 1, name: 'AI-Generated Images & Video' })).toBeInTheDocument();
    const tiles = within(await grid()).getAllByRole('listitem');
    expect(tiles).toHaveLength(60);
    expect(tiles[0]).toHaveTextContent('Atelier Procedural 1');
    expect(tiles[0]).toHaveTextContent('by: atelier');
    expect(tiles[5]).toHaveTextContent('Atelier SVG Art');
    expect(tiles[5]).toHaveTextContent('by: botfolk');
    expect(within(tiles[59]).getByRole('button')).toHaveAccessibleName(
      'Atelier SVG Art by pixelwright, image 60 of 60: view full size',
    );
  });

  it("offers each thumbnail at every width it can fill, cropped square, for the tile's width; 248px where srcset is unknown", async () => {
    await openGallery();

    const image = thumbnail(7).querySelector('img') as HTMLImageElement;
    expect(image).toHaveAttribute('src', '/assets/gallery/thumb/art-7.png?w=248&h=248&fit=crop&auto=format');
    const crop = (file: string, w: number) => `${file}?w=${w}&h=${w}&fit=crop&auto=format ${w}w`;
    // The 496px thumbnail file up to its size, then the 768px picture itself.
    expect(image.getAttribute('srcset')?.split(', ')).toEqual([
      ...[124, 180, 248, 340, 360, 496].map((w) => crop('/assets/gallery/thumb/art-7.png', w)),
      ...[680, 768].map((w) => crop('/assets/gallery/art-7.png', w)),
    ]);
    // 2 columns below 1000px, 6 from it, in 92% of the page less the gaps.
    expect(image).toHaveAttribute('sizes', '(min-width: 1000px) calc((92vw - 5 * 1.25rem) / 6), calc((92vw - 1rem) / 2)');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '248');
    expect(image).toHaveAttribute('height', '248');
  });

  it("fetches the first screen's thumbnails at once, the first two before anything else, and the rest lazily", async () => {
    await openGallery();

    const loading = (position: number) => {
      const image = thumbnail(position).querySelector('img') as HTMLImageElement;
      return [image.getAttribute('loading'), image.getAttribute('fetchpriority')];
    };
    expect([1, 2, 3, 6, 7, 60].map(loading)).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'auto'],
      ['eager', 'auto'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('lays the grid out in 2 columns, and 6 from 1000px', async () => {
    await openGallery();
    const columnsAt = (element: HTMLElement) => [375, 999, 1000, 1280].map((width) => styleAtWidth(element, 'grid-template-columns', width));

    const two = 'repeat(2, minmax(0, 1fr))';
    const six = 'repeat(6, minmax(0, 1fr))';
    expect(columnsAt(await grid())).toEqual([two, two, six, six]);
  });

  it('keeps the same grid while the items load', async () => {
    vi.mocked(contentApi.gallery).mockReturnValue(new Promise(() => undefined));
    renderApp('/gallery');
    const placeholder = (await screen.findByRole('status', { name: 'Loading the gallery' })).querySelector('ul') as HTMLElement;
    expect([999, 1000].map((width) => styleAtWidth(placeholder, 'grid-template-columns', width))).toEqual([
      'repeat(2, minmax(0, 1fr))',
      'repeat(6, minmax(0, 1fr))',
    ]);
  });

  it('a thumbnail opens the full picture on black at 0.9 opacity, named by its model, focus on Close', async () => {
    vi.mocked(contentApi.gallery).mockResolvedValue([galleryItem(1), galleryItem(2, { title: 'DALL-E 2', author: 'mira' })]);
    const { user } = await openGallery();

    await user.click(thumbnail(2));

    const viewer = await screen.findByRole('dialog', { name: 'DALL-E 2' });
    expect(viewer).toHaveTextContent('by: mira');
    const picture = within(viewer).getByRole('img');
    expect(picture).toHaveAttribute('src', '/assets/gallery/art-2.png');
    expect(picture).toHaveAttribute('width', '1024');
    expect(picture).toHaveAttribute('height', '768');
    expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus();
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    expect(getComputedStyle(backdrop).backgroundColor).toBe('rgba(0, 0, 0, 0.9)');
  });

  it('shows a video item with a play mark, and plays it in the viewer with its controls, its poster until it starts', async () => {
    const poster = '/assets/projects/vid/clip.jpg';
    const clip = galleryItem(2, { video: '/assets/projects/vid/clip.webm', img: poster, thumb: poster, width: 640, height: 360 });
    vi.mocked(contentApi.gallery).mockResolvedValue([galleryItem(1), clip]);
    const { user } = await openGallery();

    const tile = screen.getByRole('button', { name: `${clip.title} by ${clip.author}, video 2 of 2: play` });
    expect(tile.querySelector('svg[data-testid="PlayCircleOutlineIcon"]')).not.toBeNull();
    // Its poster is its thumbnail: cropped from it up to its height, never enlarged.
    expect(tile.querySelector('img')?.getAttribute('srcset')?.split(', ').at(-1)).toBe('/assets/projects/vid/clip.jpg?w=360&h=360&fit=crop&auto=format 360w');

    await user.click(tile);
    const viewer = await screen.findByRole('dialog', { name: clip.title });
    const video = viewer.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/assets/projects/vid/clip.webm');
    expect(video).toHaveAttribute('poster', '/assets/projects/vid/clip.jpg');
    expect(video).toHaveAccessibleName(`${clip.title} video by ${clip.author}`);
    expect(video.controls && video.autoplay && video.playsInline).toBe(true);
    expect(within(viewer).queryByRole('img')).toBeNull();

    // A click on the video is the player's (pause); Escape closes.
    await user.click(video);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  const closeWays = {
    'a click on the picture': async (user: ReturnType<typeof renderApp>['user'], viewer: HTMLElement) =>
      user.click(within(viewer).getByRole('img')),
    'the close button': async (user: ReturnType<typeof renderApp>['user'], viewer: HTMLElement) =>
      user.click(within(viewer).getByRole('button', { name: 'Close' })),
    'the Escape key': async (user: ReturnType<typeof renderApp>['user']) => user.keyboard('{Escape}'),
    'a click on the backdrop': async (user: ReturnType<typeof renderApp>['user']) =>
      // The dark area around the picture; the picture's own box is not part of it.
      user.click(document.querySelector('.MuiDialog-container') as HTMLElement),
  };

  it.each(Object.entries(closeWays))('closes on %s and gives focus back to the thumbnail', async (_way, close) => {
    const { user } = await openGallery();

    await user.click(thumbnail(3));
    const viewer = await screen.findByRole('dialog', { name: 'Atelier SVG Art' });
    await close(user, viewer);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbnail(3)).toHaveFocus();
  });

  it('works from the keyboard, and keeps focus inside the viewer while it is open', async () => {
    const { user } = await openGallery();

    thumbnail(4).focus();
    await user.keyboard('{Enter}');
    const viewer = await screen.findByRole('dialog', { name: 'Atelier Procedural 1' });
    const close = within(viewer).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();

    await user.tab();
    expect(viewer).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(viewer).toContainElement(document.activeElement as HTMLElement);

    close.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbnail(4)).toHaveFocus();
  });

  it('shows a placeholder grid while the items load', async () => {
    let answer: (items: typeof galleryItems) => void = () => undefined;
    vi.mocked(contentApi.gallery).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderApp('/gallery');

    const placeholder = await screen.findByRole('status', { name: 'Loading the gallery' });
    expect(placeholder.querySelectorAll('li')).toHaveLength(12);

    answer(galleryItems);
    expect(within(await grid()).getAllByRole('listitem')).toHaveLength(60);
    expect(screen.queryByRole('status', { name: 'Loading the gallery' })).not.toBeInTheDocument();
  });

  it('says so when the gallery cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(contentApi.gallery).mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'));
    renderApp('/gallery');

    expect(await screen.findByRole('alert')).toHaveTextContent('The gallery could not be loaded.');
    expect(screen.queryByRole('list', { name: 'Gallery' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });
});
