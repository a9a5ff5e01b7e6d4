import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { fullName, storeSignedInSession } from '../support/matrix-network';
import { NAV, NAV_LABELS } from '../support/site';

test.describe('at 1280px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const item of NAV) {
    test(`the header link '${item.label}' reaches ${item.path}`, async ({ page }) => {
      // /matrix is for members; the guest's session (a real token) lets the link show its own page.
      if (item.path === '/matrix') await storeSignedInSession(page);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'open menu' })).toHaveCount(0);

      await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.label }).click();

      // Pages may add a query (/life writes its permalink ?dna=...); the link's target is the path.
      await expect(page).toHaveURL((url) => url.pathname === item.path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(item.heading);
      await expect(page).toHaveTitle(item.title);
    });
  }

  test("signed in, the member's dropdown signs out", async ({ page }) => {
    const { user } = await storeSignedInSession(page);
    await page.goto('/matrix');
    await page.getByRole('banner').getByRole('button', { name: fullName(user) }).click();
    await page.getByRole('menuitem', { name: 'SIGN OUT' }).click();
    await expect(page).toHaveURL('/lobby');
    await expect(page.getByRole('banner').getByRole('button', { name: fullName(user) })).toHaveCount(0);
  });
});

/**
 * Until the first page's chunk has loaded, the router shows a stand-in frame whose header is replaced
 * (and its menu state lost) when the page arrives: a click on 'open menu' must wait for the page.
 */
const waitForHomePage = (page: Page) => expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

test.describe('at 800px wide', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the hamburger opens a right-side panel with the six items, and its close button closes it', async ({ page }) => {
    await page.goto('/');
    await waitForHomePage(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation')).toHaveCount(0);

    await header.getByRole('button', { name: 'open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Site menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(NAV_LABELS);

    // Slid in from the right edge, 300 to 500px wide.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box && Math.round(box.x + box.width);
      })
      .toBe(800);
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300);
    expect(box?.width).toBeLessThanOrEqual(500);

    await panel.getByRole('button', { name: 'close menu' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('choosing an item in the panel navigates there and closes the panel', async ({ page }) => {
    await page.goto('/');
    await waitForHomePage(page);
    await page.getByRole('button', { name: 'open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Site menu' });
    await panel.getByRole('link', { name: 'Gen AI Gallery' }).click();

    await expect(page).toHaveURL('/gallery');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-Generated Images & Video');
  });

  test("the footer's narrow menu keeps the observed swap of the last two labels", async ({ page }) => {
    await page.goto('/');
    const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
    await expect(footerNav.getByRole('link', { name: 'Synthetic Life' })).toHaveAttribute('href', '/dev');
    await expect(footerNav.getByRole('link', { name: 'Developer Resources' })).toHaveAttribute('href', '/life');
  });
});
