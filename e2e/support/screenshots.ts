import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// Full-page screenshots written to test-results/screenshots/<page>-<width>.png for a person to look
// at, with the checks a picture cannot be trusted for: no horizontal overflow, no word split over two
// lines.

/** The widths of docs/requirements/public-pages.md#breakpoints: phone, profile-photo breakpoint, desktop breakpoint, wide home layout. */
export const WIDTHS = [375, 800, 1000, 1280] as const;

export async function settle(page: Page) {
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
      // A URL may wrap anywhere: only prose is checked.
      if (/^\s*(https?:\/\/|www\.)/.test(node.textContent ?? '')) continue;
      for (const word of (node.textContent ?? '').matchAll(/[^\s\-–—/]+/g)) {
        // Codes longer than a phone's line (a DNA line, an id) have to wrap.
        if (word[0].length > 30) continue;
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

export async function shoot(page: Page, name: string, width: number) {
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
