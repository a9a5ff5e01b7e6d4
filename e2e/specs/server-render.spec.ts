import { devices, test as withoutAppWait } from '@playwright/test';
import { expect, test } from '../support/test';

// The showcase pages come rendered from the server (frontend/src/entry-server.tsx) and the app then
// hydrates them: the content is there without JavaScript, and hydration keeps the server's elements.
const SHOWCASE = ['/', '/gallery', '/dev', '/exhibit', '/project/solar', '/feature/nvidia-h100', '/citadel'];

// Plain Playwright: without JavaScript, the app never marks itself ready.
withoutAppWait.describe('without JavaScript', () => {
  withoutAppWait.use({ javaScriptEnabled: false });

  withoutAppWait('the home page, gallery and resources are complete', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Machine Learning, Generative AI/);
    await expect(page.getByRole('main')).toContainText('Alex Morgan');
    await expect(page.getByRole('region', { name: 'Career Highlights' }).getByRole('listitem')).toHaveCount(5);

    await page.goto('/gallery');
    await expect(page).toHaveTitle('Gallery of AI-Generated Images & Video');
    await expect(page.getByRole('list', { name: 'Gallery' }).getByRole('listitem')).toHaveCount(60);

    await page.goto('/dev');
    await expect(page.getByRole('main').getByRole('link', { name: /.+/ }).first()).toBeVisible();
    await expect(page.getByRole('main').locator('a[target="_blank"][rel="noopener noreferrer"]')).toHaveCount(21 * 2);
  });

  withoutAppWait('the generators and Matrix Network are left to the browser', async ({ page }) => {
    for (const path of ['/forge', '/matrix', '/lobby']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });

  withoutAppWait('every route’s first HTML carries its own title, as curl sees it', async ({ request }) => {
    const titles: Array<[string, string]> = [
      ['/', 'Atelier: Machine Learning, Generative AI, Python &amp; Full-Stack Development'],
      ['/gallery', 'Gallery of AI-Generated Images &amp; Video'],
      ['/forge', 'Forge: AI Image, Video &amp; Chat Generator'],
      ['/dream', 'Dream-o-matic: AI Dream Image Generator'],
      ['/life', 'Synthetic Life: Bot Folk Generator'],
      ['/lobby', 'Matrix Network: Sign In or Create Account'],
      ['/matrix', 'Matrix Network'],
      ['/profile/someone', 'Member Profile | Matrix Network'],
    ];
    for (const [path, title] of titles) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain(`<title>${title}</title>`);
    }
    const missing = await request.get('/no/such/page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<title>404 Not Found | Atelier</title>');
  });
});

// guessed: whether the server's width guess (from the user agent) fits the screen.
for (const [device, options, guessed] of [
  ['a phone', { viewport: devices['Pixel 7'].viewport, userAgent: devices['Pixel 7'].userAgent, isMobile: true, hasTouch: true }, true],
  ['a desktop browser at 375px (the server guessed wide)', { viewport: { width: 375, height: 800 } }, false],
  ['a desktop browser at 1280px', { viewport: { width: 1280, height: 800 } }, true],
] as const) {
  test.describe(`hydration on ${device}`, () => {
    test.use(options);

    test('keeps every showcase page as the server drew it, with no errors, then lays it out for the screen', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
      });
      // The server's main landmark and heading, kept before the app starts (it waits for the load event).
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          Object.assign(window, { serverElements: [document.querySelector('main'), document.querySelector('h1')] });
        });
      });

      for (const path of SHOWCASE) {
        await page.goto(path);
        const kept = await page.evaluate(() => {
          const [main, heading] = (window as unknown as { serverElements: (Element | null)[] }).serverElements;
          return [main !== null && main === document.querySelector('main'), heading !== null && heading === document.querySelector('h1')];
        });
        expect(kept, `${path}: the server's main landmark and heading are the live ones`).toEqual([true, true]);
        // The page came with all its styles: hydration adds no stylesheet (whose rules would make the
        // browser restyle the page). Where the guess was wrong, the re-layout brings styles of its own.
        if (guessed) await expect(page.locator('style[data-emotion="atl"]'), `${path}: styles added by hydration`).toHaveCount(0);
        // Nor does loading the page's chunk add the stylesheet the server inlined.
        await expect(page.locator('link[rel="stylesheet"]:not([disabled])'), `${path}: stylesheets added by the app`).toHaveCount(0);
      }
      const wide = (options.viewport?.width ?? 0) >= 1000;
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ visible: wide });
      await expect(page.getByRole('button', { name: 'open menu' })).toBeVisible({ visible: !wide });
      expect(problems).toEqual([]);
    });
  });
}

test('the page works once hydrated: the phone menu opens, the gallery viewer opens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /image 1 of 60: view full size$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
