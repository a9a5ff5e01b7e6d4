import { expect, test as base, type Page } from '@playwright/test';

/**
 * The app marks <html data-app-ready> once it has rendered or hydrated the page (app-providers.tsx).
 * A server-rendered page shows its content before that, but its buttons do nothing until then.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Playwright's test, whose page.goto and page.reload return once the app is live. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
