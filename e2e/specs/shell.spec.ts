import { expect, test } from '../support/test';
import { NAV_LABELS } from '../support/site';

test('home loads with the header navbar, a page heading and the footer with the 2025 copyright', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  await page.goto('/');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(NAV_LABELS);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    /Machine Learning, Generative AI, Python & Full-Stack Development/,
  );
  await expect(page).toHaveTitle(/machine learning.*generative ai.*python.*full-stack/i);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /resources for ai developers and creators/i);

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2025 Atelier');
  await expect(footer.getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/#');
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText(NAV_LABELS);

  expect(problems, 'no script errors or blocked resources').toEqual([]);
});

test("an unknown path shows 'Unexpected Application Error!' with 404 in the site frame", async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  // The server answers 404 with the app shell; the router draws its error screen.
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('404 Not Found | Atelier');

  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('404 Not Found');
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});

for (const path of ['/matrix', '/profile/someone']) {
  test(`${path} without a stored token ends at /lobby`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/lobby');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Sign In or Create Account/);
  });
}
