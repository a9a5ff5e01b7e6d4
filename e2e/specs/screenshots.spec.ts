import { expect, test } from '../support/test';
import { SEEDED, fullName, seededMemberId, storeSignedInSession } from '../support/matrix-network';
import { shoot, WIDTHS } from '../support/screenshots';

// Full-page screenshots of the Matrix Network pages at the widths of docs/requirements/public-pages.md#breakpoints, written to
// test-results/screenshots/<page>-<width>.png for a person to look at, and the checks a picture
// cannot be trusted for: no horizontal overflow, no word split over two lines, and the columns each
// width should have.

/** The desktop breakpoint (docs/requirements/public-pages.md#breakpoints): the right column and the composer's extra labels start here. */
const WIDE = 1000;

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
