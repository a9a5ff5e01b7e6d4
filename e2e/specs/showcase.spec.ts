import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { PUBLIC_PAGES } from '../support/public-pages';
import { shoot, WIDTHS } from '../support/screenshots';

// The public showcase against the real backend and its seeded content, at the four widths of docs/requirements/public-pages.md#breakpoints:
// titles, headings, the required counts, layout that changes with width, and no console errors.
// Full-page screenshots of every public page at 375 and 1280 px go to test-results/screenshots/.

/** Console errors and failed requests of the page, collected from the moment it is created. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const gridColumns = (page: Page, name: string) =>
  page.getByRole('list', { name }).evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);

for (const width of WIDTHS) {
  test.describe(`showcase at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 812 : 900 } });
    const wide = width >= 1000;

    test('home: profile card, 5 career items, the four projects, GPU cards, notice, 11 trending members; columns by width', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/');
      await expect(page).toHaveTitle(/Machine Learning, Generative AI, Python & Full-Stack Development/);
      const region = (name: string | RegExp) => page.getByRole('region', { name, exact: typeof name === 'string' });
      await expect(region('Career Highlights').getByRole('listitem')).toHaveCount(5);
      await expect(region('Featured Projects').getByRole('article')).toHaveCount(4);
      await expect(region('Projects').getByRole('link')).toHaveCount(4);
      await expect(region(/Trending/).getByRole('listitem')).toHaveCount(11);
      await expect(region('Sponsored').getByRole('link')).toHaveCount(2);
      await expect(page.getByText('May, 2025').first()).toBeVisible();
      await expect(page.getByText(/100% remote from Northern California/)).toBeVisible();
      await expect(page.getByText(/20.30 projects/).first()).toBeVisible();

      // The profile photo only from 800px; the Gen AI column only from 1280px.
      await expect(page.getByRole('img', { name: /profile photo|portrait|Alex Morgan/i })).toHaveCount(width >= 800 ? 1 : 0);
      await expect(region('Gen AI')).toHaveCount(width >= 1280 ? 1 : 0);

      const main = await page.getByTestId('home-main').boundingBox();
      const side = await page.getByTestId('home-side').boundingBox();
      // The left column's share of the layout: about 66% at 1280px, 70% at 1000px, all of it below.
      const share = await page
        .getByTestId('home-main')
        .evaluate((column) => column.getBoundingClientRect().width / column.parentElement!.getBoundingClientRect().width);
      if (width >= 1280) expect(share).toBeGreaterThan(0.6);
      else if (width >= 1000) expect(share).toBeGreaterThan(0.64);
      else expect(share).toBeGreaterThan(0.99);
      if (width >= 1280) expect(share).toBeLessThan(0.67);
      else if (width >= 1000) expect(share).toBeLessThan(0.71);
      if (width >= 1000) expect(side!.x).toBeGreaterThan(main!.x + main!.width); // side by side
      else expect(side!.y).toBeGreaterThan(main!.y); // stacked
      expect(errors).toEqual([]);
    });

    test('gallery: about 60 pictures and 3 videos, 6 columns on wide screens and 2 below, each with its model and author', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/gallery');
      await expect(page).toHaveTitle('Gallery of AI-Generated Images & Video');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-Generated Images & Video');
      const tiles = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
      await expect(tiles).toHaveCount(63);
      await expect(page.getByRole('button', { name: /, video \d+ of 63: play$/ })).toHaveCount(3);
      await expect(tiles.first()).toContainText('by: @');
      expect(await gridColumns(page, 'Gallery')).toBe(wide ? 6 : 2);
      const thumb = tiles.first().locator('img');
      await expect(thumb).toHaveAttribute('src', /\?w=248&h=248&fit=crop&auto=format$/);
      // Sharp at this width: the picture the browser chose is at least as wide as its tile, and its
      // title is whole (wrapped, not cut).
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const shown = await thumb.evaluate((img: HTMLImageElement) => ({
        tile: img.getBoundingClientRect().width,
        fetched: Number(new URL(img.currentSrc).searchParams.get('w')),
      }));
      expect(shown.fetched, `the thumbnail fetched for a ${shown.tile.toFixed(0)} px tile`).toBeGreaterThanOrEqual(shown.tile);
      const title = tiles.first().locator('p').first();
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // The first screen's thumbnails load at once; the rest only near the viewport.
      await expect(thumb).toHaveAttribute('loading', 'eager');
      await expect(tiles.nth(6).locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(tiles.last().locator('img')).toHaveAttribute('loading', 'lazy');
      expect(errors).toEqual([]);
    });

    test('exhibit: about 48 full pictures in one column, each tagged with its model', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/exhibit');
      await expect(page).toHaveTitle('Exhibit of AI-Generated Images & Video');
      const items = page.getByRole('list', { name: 'Exhibit' }).getByRole('listitem');
      await expect(items).toHaveCount(48);
      await expect(items.first()).toContainText(/Atelier Procedural|Bot Folk/);
      const boxes = await items.evaluateAll((elements) => elements.slice(0, 3).map((element) => element.getBoundingClientRect().left));
      expect(new Set(boxes).size).toBe(1);
      expect(errors).toEqual([]);
    });

    test('developer resources: 21 links that open in a new tab, and the note about more to come', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/dev');
      await expect(page).toHaveTitle('Developer Resources');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('For Devs/Pros of AI/ML/Full-Stack/Python/React & more');
      const entries = page.getByRole('list', { name: 'Developer resources' }).getByRole('listitem');
      await expect(entries).toHaveCount(21);
      const links = page.getByRole('list', { name: 'Developer resources' }).getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(42);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link).toHaveAttribute('href', /^https:\/\//);
      }
      await expect(page.getByText(/hundreds more links/i)).toBeVisible();
      await expect(page.getByText(/20 to 30 categories/i)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('GPU feature pages: a banner linking to the manufacturer in a new tab', async ({ page }) => {
      const errors = watchErrors(page);
      for (const [path, title] of [
        ['/feature/nvidia-rtx-5090', 'RTX 5090'],
        ['/feature/nvidia-h100', 'H100'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
        const banner = page.getByRole('main').getByRole('link', { name: new RegExp(title) }).first();
        await expect(banner).toHaveAttribute('href', /^https:\/\/www\.nvidia\.com\//);
        await expect(banner).toHaveAttribute('target', '_blank');
        await expect(banner).toHaveAttribute('rel', 'noopener noreferrer');
      }
      expect(errors).toEqual([]);
    });

    test('project pages: each page and its own parts; the header block goes home', async ({ page }) => {
      const errors = watchErrors(page);
      const main = page.getByRole('main');

      await page.goto('/project/solar');
      await expect(main.locator('video')).toHaveCount(2);
      await expect(main.getByText(/acquired/i).first()).toBeVisible();
      await expect(main.locator('a[href^="https://patents.google.com/"]')).toHaveCount(3);

      await page.goto('/project/atelier');
      await expect(main.getByText('37 friends')).toBeVisible();
      await expect(main.getByText('1,234')).toBeVisible();
      await expect(main.getByText('5,678')).toBeVisible();

      await page.goto('/project/ansible');
      await expect(main.getByText(/MIT License/i).first()).toBeVisible();
      await expect(main.getByText(/THE SOFTWARE IS PROVIDED "AS IS"/)).toBeVisible();

      for (const slug of ['bedrock', 'botfolk', 'nucleus']) {
        await page.goto(`/project/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      await page.goto('/project/bedrock');
      await main.getByRole('link', { name: /Bedrock/ }).first().click();
      await expect(page).toHaveURL(/\/$/);
      expect(errors).toEqual([]);
    });

    test('restricted pages: the authorized-access-only warning, and the video player at 640x360', async ({ page }) => {
      const errors = watchErrors(page);
      for (const path of ['/citadel', '/ll1l1l1ll']) {
        await page.goto(path);
        await expect(page.getByText(/authorized access only/i).first()).toBeVisible();
      }
      await page.goto('/citadel');
      const outbound = page.getByRole('main').getByRole('link');
      await expect(outbound.nth(2)).toBeVisible();
      for (const link of await outbound.all()) await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

      await page.goto('/ll1l1l1ll/test');
      const video = page.getByRole('main').locator('video');
      await expect(video).toHaveAttribute('src', /sample-clip\.webm$/);
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
      const box = await video.boundingBox();
      if (width >= 700) expect(Math.round(box!.width)).toBe(640);
      expect(Math.round((box!.height / box!.width) * 360)).toBe(Math.round((360 / 640) * 360));
      expect(errors).toEqual([]);
    });

    if (width === 375 || width === 1280) {
      test('screenshots of every public page', async ({ page }) => {
        test.setTimeout(120_000);
        for (const { path, name } of PUBLIC_PAGES) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await shoot(page, `public-${name}`, width);
        }
      });
    }
  });
}

test.describe('gallery viewer', () => {
  test('opens on a thumbnail and closes four ways, giving focus back each time', async ({ page }) => {
    await page.goto('/gallery');
    const thumb = page.getByRole('list', { name: 'Gallery' }).getByRole('button', { name: /view full size$/ }).nth(2);
    const viewer = page.getByRole('dialog');
    const open = async () => {
      await thumb.click();
      await expect(viewer).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    };
    const closedWithFocusBack = async () => {
      await expect(viewer).toBeHidden();
      await expect(thumb).toBeFocused();
    };

    await open();
    const backdrop = page.locator('.MuiBackdrop-root');
    await expect(backdrop).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.9)');
    await viewer.getByRole('img').click();
    await closedWithFocusBack();

    await open();
    await page.getByRole('button', { name: 'Close' }).click();
    await closedWithFocusBack();

    await open();
    await page.keyboard.press('Escape');
    await closedWithFocusBack();

    await open();
    await page.mouse.click(5, 5); // the backdrop, outside the picture
    await closedWithFocusBack();
  });

  test('plays a video item: it starts on its own, with the player controls, and Escape closes it', async ({ page }) => {
    await page.goto('/gallery');
    const tile = page.getByRole('button', { name: /video 3 of 63: play$/ });
    await tile.click();
    const video = page.getByRole('dialog').locator('video');
    await expect(video).toHaveAttribute('src', '/assets/projects/vid/sample-clip.webm');
    await expect(video).toHaveJSProperty('controls', true);
    // Playing: time moves on, decoded frames at the clip's size.
    await expect.poll(() => video.evaluate((clip: HTMLVideoElement) => !clip.paused && clip.currentTime > 0.3), { timeout: 10_000 }).toBe(true);
    expect(await video.evaluate((clip: HTMLVideoElement) => [clip.videoWidth, clip.videoHeight])).toEqual([640, 360]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(tile).toBeFocused();
  });
});
