import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SEEDED, fullName, seededMemberId, storeSignedInSession } from '../support/matrix-network';

// Full-page screenshots of the Matrix Network pages at the spec's widths, written to
// test-results/screenshots/<page>-<width>.png for a person to look at, and the checks a picture
// cannot be trusted for: no horizontal overflow, no word split over two lines, and the columns each
// width should have.

const WIDTHS = [375, 800, 1000, 1280] as const;
/** The spec's desktop breakpoint: the right column and the composer's extra labels start here. */
const WIDE = 1000;

async function settle(page: Page) {
  // Lazy images below the fold would stay blank in a full-page picture.
  await page.evaluate(() => {
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => {
      img.loading = 'eager';
    });
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/**
 * Words of the main content that a too-narrow column splits over two lines ("Castel-lane"):
 * overflow-wrap keeps such text from overflowing, so only the line boxes tell.
 */
function wordsBrokenAcrossLines(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    const main = document.querySelector('main');
    if (!main) return broken;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s\-–—/]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lineTops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lineTops.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  // The picture first, so a failed check below still leaves it to look at.
  const file = path.join(test.info().project.outputDir, 'screenshots', `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });

  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(overflow.scrollWidth, `no horizontal overflow at ${width}px`).toBeLessThanOrEqual(overflow.innerWidth);
  expect(await wordsBrokenAcrossLines(page), `no word broken in the middle at ${width}px`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px wide`, () => {
    test.use({ viewport: { width, height: width < 800 ? 812 : 900 } });

    test('/lobby', async ({ page }) => {
      await page.goto('/lobby');
      await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
      await shoot(page, 'lobby', width);

      await page.getByRole('link', { name: "Don't have an account? Sign Up here." }).click();
      await expect(page.getByRole('button', { name: 'CREATE YOUR NEW ACCOUNT' })).toBeVisible();
      await shoot(page, 'lobby-create', width);
    });

    test('/matrix', async ({ page }) => {
      const { user } = await storeSignedInSession(page);
      await page.goto('/matrix');
      const main = page.getByRole('main');
      await expect(main.getByRole('article')).toHaveCount(20);
      await expect(main.getByRole('link', { name: fullName(user) }).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: "What's on your mind..." })).toBeVisible();

      const wideOnly = [
        page.getByRole('heading', { name: 'Friend List' }),
        page.getByText('Sponsored', { exact: true }),
        page.getByText('Clip', { exact: true }),
        page.getByText('Attachment', { exact: true }),
        page.getByText('Audio', { exact: true }),
      ];
      for (const part of wideOnly) {
        if (width >= WIDE) await expect(part).toBeVisible();
        else await expect(part).toBeHidden();
      }
      await shoot(page, 'matrix', width);
    });

    test('a profile', async ({ page }) => {
      const { token } = await storeSignedInSession(page);
      const tobiasId = await seededMemberId(page.request, token, SEEDED.tobias);
      await page.goto(`/profile/${tobiasId}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('article')).toHaveCount(SEEDED.tobias.posts);
      await expect(main.getByRole('link', { name: fullName(SEEDED.tobias), exact: true }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Friend List' })).toBeVisible();
      await shoot(page, 'profile', width);
    });
  });
}
