import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { PUBLIC_PAGES } from '../support/public-pages';

// axe-core on every public page, at a phone width and the wide layout: no serious or critical
// violation (WCAG 2.x A and AA rules, plus axe's best practices).

for (const width of [375, 1280] as const) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { path } of PUBLIC_PAGES) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const severe = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(severe).toEqual([]);
      });
    }
  });
}
