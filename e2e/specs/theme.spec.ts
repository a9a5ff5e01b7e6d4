import { expect, test } from '../support/test';
import { bodyBackground } from '../support/site';

test('the colour mode starts dark, toggles to light and survives a reload', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const toLight = header.getByRole('button', { name: 'switch to light mode' });
  await expect(toLight).toBeVisible();
  const dark = await bodyBackground(page);

  await toLight.click();
  await expect(header.getByRole('button', { name: 'switch to dark mode' })).toBeVisible();
  const light = await bodyBackground(page);
  expect(light).not.toBe(dark);
  // The session is written asynchronously; reload once it is stored.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:root'))).toContain('light');

  await page.reload();
  await expect(header.getByRole('button', { name: 'switch to dark mode' })).toBeVisible();
  expect(await bodyBackground(page)).toBe(light);
});
