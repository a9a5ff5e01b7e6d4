import type { SiteContent } from '@atelier/contracts';
import { test as withoutAppWait, type Locator, type Page } from '@playwright/test';
import { fullName, storeSignedInSession } from '../support/matrix-network';
import { expect, test } from '../support/test';

// Issue #22: the layout is decided by the stylesheet's breakpoints, not by JavaScript, so one markup
// serves every width. Each page is checked at a phone, an iPad in portrait, the desktop breakpoint
// and a laptop, for what docs/requirements/public-pages.md#breakpoints shows at that width; the server's first HTML (no JavaScript at
// all) is checked the same way, since it cannot know the width it will be shown at.

const WIDTHS = [390, 820, 1000, 1280] as const;
/** The breakpoints (docs/requirements/public-pages.md#breakpoints): lobby form, profile photo and project thumbnails, desktop menus, wide home. */
const LOBBY_FORM = 600;
const PHOTO = 800;
const DESKTOP = 1000;
const WIDE_HOME = 1280;

const viewportFor = (width: number) => ({ width, height: width < PHOTO ? 844 : 900 });

// Each test loads whole pages and waits for their pictures: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

/** Header and footer: the full menu from 1000px, the hamburger and the footer's narrow list below. Both are always in the markup. */
async function expectFrame(page: Page, width: number) {
  const header = page.getByRole('banner');
  const links = header.locator('nav[aria-label="Main"]');
  const hamburger = header.locator('button[aria-label="open menu"]');
  await expect(links).toHaveCount(1);
  await expect(hamburger).toHaveCount(1);
  if (width >= DESKTOP) {
    await expect(links).toBeVisible();
    await expect(links.getByRole('link')).toHaveCount(6);
    await expect(hamburger).toBeHidden();
  } else {
    await expect(links).toBeHidden();
    await expect(hamburger).toBeVisible();
  }

  // Hidden variants are out of the accessibility tree: one footer menu is announced, not two.
  const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
  await expect(footerNav).toHaveCount(1);
  await expect(footerNav.getByRole('link', { name: 'Synthetic Life' })).toHaveAttribute('href', width >= DESKTOP ? '/life' : '/dev');
}

async function expectHome(page: Page, width: number, site: SiteContent) {
  const main = page.getByRole('main');
  const columns = [main.getByTestId('home-main'), main.getByTestId('home-side')];
  // CSS locators, so a hidden part is found too: every width has the same markup.
  const genAi = main.locator('section', { has: page.locator('h2', { hasText: 'Gen AI' }) });
  await expect(genAi).toHaveCount(1);
  const [left, right] = await Promise.all(columns.map(box));
  if (width >= DESKTOP) expect(right.x).toBeGreaterThan(left.x + left.width);
  else expect([right.x, right.y > left.y + left.height - 1]).toEqual([left.x, true]);
  if (width >= WIDE_HOME) {
    await expect(genAi).toBeVisible();
    expect((await box(genAi)).x).toBeGreaterThan(right.x + right.width);
  } else {
    await expect(genAi).toBeHidden();
  }

  const photo = main.locator(`img[alt="${site.profile.photoAlt}"]`);
  await expect(photo).toHaveCount(1);
  if (width >= PHOTO) await expect(photo).toBeVisible();
  else await expect(photo).toBeHidden();

  const solar = main.getByRole('region', { name: 'Featured Projects' }).getByRole('article').first().getByRole('img').first();
  await solar.scrollIntoViewIfNeeded();
  const thumb = width >= PHOTO ? { w: 340, h: 248 } : { w: 180, h: 124 };
  expect(await box(solar)).toMatchObject({ width: thumb.w, height: thumb.h });
  await expect.poll(() => solar.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain(`w=${thumb.w}&h=${thumb.h}`);
}

/** The gallery's tiles: 6 columns from 1000px, 2 below, filled row by row in the items' order. */
async function expectGallery(page: Page, width: number) {
  const tiles = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
  await expect(tiles).toHaveCount(63); // 60 pictures and the 3 sample videos
  const columns = width >= DESKTOP ? 6 : 2;
  // The first two rows' left edges: as many distinct ones as columns, the first row left to right,
  // the second under it.
  const lefts = await tiles.evaluateAll((nodes) => nodes.slice(0, 12).map((node) => Math.round(node.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(columns);
  const firstRow = lefts.slice(0, columns);
  expect(firstRow).toEqual([...new Set(firstRow)].sort((a, b) => a - b));
  expect(lefts.slice(columns, 2 * columns)).toEqual(firstRow);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px wide`, () => {
    test.use({ viewport: viewportFor(width) });

    test('/ lays out its columns, profile photo, Gen AI column and project thumbnails for the width', async ({ page, request }) => {
      const site = (await (await request.get('/api/content/site')).json()) as SiteContent;
      const requested: string[] = [];
      page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));
      await page.goto('/');
      await expectFrame(page, width);
      await expectHome(page, width, site);

      // A picture the stylesheet hides is not even fetched.
      await page.waitForLoadState('networkidle');
      if (width < PHOTO) expect(requested).not.toContain(site.profile.photo);
      if (width < WIDE_HOME) expect(requested.filter((path) => path.startsWith('/assets/gallery/'))).toEqual([]);
    });

    test('/gallery has 6 columns from 1000px and 2 below', async ({ page }) => {
      await page.goto('/gallery');
      await expectFrame(page, width);
      await expectGallery(page, width);
    });

    test('/lobby sizes its card and puts the names side by side from 600px', async ({ page }) => {
      await page.goto('/lobby');
      await expectFrame(page, width);
      const card = page.locator('.MuiPaper-root', { has: page.getByRole('button', { name: 'SIGN IN' }) });
      const share = await card.evaluate((element) => {
        const frame = element.parentElement!;
        const { paddingLeft, paddingRight } = getComputedStyle(frame);
        return element.getBoundingClientRect().width / (frame.clientWidth - parseFloat(paddingLeft) - parseFloat(paddingRight));
      });
      expect(share).toBeCloseTo(width >= DESKTOP ? 0.5 : 0.93, 2);

      await page.getByRole('link', { name: "Don't have an account? Sign Up here." }).click();
      const [first, last] = await Promise.all([box(page.getByLabel('First Name')), box(page.getByLabel('Last Name'))]);
      if (width >= LOBBY_FORM) expect([last.y, last.x > first.x + first.width]).toEqual([first.y, true]);
      else expect([last.x, last.y > first.y + first.height]).toEqual([first.x, true]);
    });

    test('/matrix shows the ad, the friend list and the composer labels from 1000px only', async ({ page }) => {
      const { user } = await storeSignedInSession(page);
      await page.goto('/matrix');
      const main = page.getByRole('main');
      // Client-rendered after the sign-in check, member, friends and feed: slow on a busy machine.
      await expect(main.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
      await expectFrame(page, width);

      const composer = main.getByRole('form', { name: 'New post' });
      const wideOnly = [
        main.locator('section', { has: page.locator('h2', { hasText: 'Sponsored' }) }),
        main.locator('section', { has: page.locator('h2', { hasText: 'Friend List' }) }),
        ...['Clip', 'Attachment', 'Audio'].map((label) => composer.getByText(label, { exact: true })),
      ];
      for (const part of wideOnly) {
        await expect(part).toHaveCount(1);
        if (width >= DESKTOP) await expect(part).toBeVisible();
        else await expect(part).toBeHidden();
      }

      const card = await box(main.getByRole('region', { name: fullName(user) }));
      const form = await box(composer);
      if (width >= DESKTOP) expect(form.x).toBeGreaterThan(card.x + card.width);
      else expect([form.x, form.y > card.y + card.height - 1]).toEqual([card.x, true]);
    });
  });
}

// The first HTML, with no script to correct it: the server cannot know the width, so it must be
// right at all of them.
for (const width of WIDTHS) {
  withoutAppWait.describe(`the server-rendered page at ${width}px, without JavaScript`, () => {
    withoutAppWait.use({ viewport: viewportFor(width), javaScriptEnabled: false });

    withoutAppWait('is laid out for the width by its stylesheet alone', async ({ page, request }) => {
      const site = (await (await request.get('/api/content/site')).json()) as SiteContent;
      await page.goto('/');
      await expectFrame(page, width);
      await expectHome(page, width, site);

      await page.goto('/gallery');
      await expectFrame(page, width);
      await expectGallery(page, width);
    });
  });
}
