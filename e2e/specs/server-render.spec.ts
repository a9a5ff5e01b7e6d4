import { devices, test as withoutAppWait } from '@playwright/test';
import { expect, test } from '../support/test';

// The showcase pages come rendered from the server (frontend/src/entry-server.tsx) and the app then
// hydrates them: the content is there without JavaScript, and hydration keeps the server's elements.
const SHOWCASE = ['/', '/gallery', '/dev', '/exhibit', '/forge', '/dream', '/life', '/lobby', '/project/solar', '/feature/nvidia-h100', '/citadel', '/ll1l1l1ll/test'];

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
    await expect(page.getByRole('list', { name: 'Gallery' }).getByRole('listitem')).toHaveCount(63);

    await page.goto('/dev');
    await expect(page.getByRole('main').getByRole('link', { name: /.+/ }).first()).toBeVisible();
    await expect(page.getByRole('main').locator('a[target="_blank"][rel="noopener noreferrer"]')).toHaveCount(21 * 2);
  });

  withoutAppWait('the generators, Bot Folk, the lobby and the video test page come drawn; the members-only Matrix Network is left to the browser', async ({ page }) => {
    await page.goto('/forge');
    await expect(page.getByRole('button', { name: 'GENERATE' })).toBeVisible();
    // Any example: generation.spec replaces the fifth for a moment, under a name of its own.
    await expect(page.locator('img[src^="/assets/examples/"]')).toBeVisible();
    await page.goto('/dream');
    await expect(page.locator('img[src^="/assets/examples/dream-"]')).toBeVisible();
    await page.goto('/life');
    await expect(page.getByRole('button', { name: 'CREATE A NEW UNIQUE BOT FOLK INDIVIDUAL' })).toBeVisible();
    // The server draws the first individual, so the page does not grow once it is live.
    await expect(page.getByRole('main').getByRole('img', { name: /^Face of / })).toBeVisible();
    await page.goto('/lobby');
    await expect(page.getByLabel('Password').first()).toBeVisible();
    // The video test page shows the clip's poster where the player will be.
    await page.goto('/ll1l1l1ll/test');
    await expect(page.getByRole('main').locator('img[src="/assets/projects/vid/sample-clip.jpg"]')).toBeVisible();
    await page.goto('/matrix');
    await expect(page.locator('#root')).toBeEmpty();
  });

  withoutAppWait('the first HTML is laid out for any screen by its own styles: no user agent is read', async ({ page }) => {
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/gallery');
      const wide = width >= 1000;
      await expect(page.getByRole('navigation', { name: 'Main' }), `${width}px`).toBeVisible({ visible: wide });
      await expect(page.getByRole('button', { name: 'open menu' }), `${width}px`).toBeVisible({ visible: !wide });
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

// The server draws one page for every screen (the layout is in its styles), so hydration keeps it
// whatever the device: no user agent is read, none can be guessed wrong.
for (const [device, options] of [
  ['a phone', { viewport: devices['Pixel 7'].viewport, userAgent: devices['Pixel 7'].userAgent, isMobile: true, hasTouch: true }],
  ['an iPad asking as desktop Safari, at 820px', { viewport: { width: 820, height: 1180 }, userAgent: devices['Desktop Safari'].userAgent, hasTouch: true }],
  ['a desktop browser at 375px', { viewport: { width: 375, height: 800 } }],
  ['a desktop browser at 1280px', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(`hydration on ${device}`, () => {
    test.use(options);

    test('keeps every showcase page as the server drew it, with no errors, laid out for the screen', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
      });
      // The server's main landmark and heading, kept before the app starts (it waits for the load event),
      // and the server's style tags of the components, watched for being moved (taken out and put back).
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const serverStyleTags = new Set<Node>(Array.from(document.querySelectorAll('style[data-emotion^="atl "]')));
          const movedStyleTags: string[] = [];
          new MutationObserver((records) => {
            for (const record of records) for (const node of Array.from(record.removedNodes)) if (serverStyleTags.has(node)) movedStyleTags.push((node as Element).outerHTML.slice(0, 80));
          }).observe(document.head, { childList: true });
          Object.assign(window, { serverElements: [document.querySelector('main'), document.querySelector('h1')], movedStyleTags });
        });
      });

      for (const path of SHOWCASE) {
        await page.goto(path);
        const kept = await page.evaluate(() => {
          const [main, heading] = (window as unknown as { serverElements: (Element | null)[] }).serverElements;
          return [main !== null && main === document.querySelector('main'), heading !== null && heading === document.querySelector('h1')];
        });
        expect(kept, `${path}: the server's main landmark and heading are the live ones`).toEqual([true, true]);
        // Every style rule the page's components insert came with the page (its composed components'
        // outer layers too: app/server-render/emotion-styles.ts), so hydrating parses and inserts none.
        const inserted = await page.evaluate(() =>
          Array.from(document.querySelectorAll('style[data-emotion="atl"]')).reduce((rules, tag) => rules + (tag instanceof HTMLStyleElement ? (tag.sheet?.cssRules.length ?? 0) : 0), 0),
        );
        expect(inserted, `${path}: style rules the browser inserted while hydrating`).toBe(0);
        // The app's emotion cache takes the server's tags over where they are (theme/emotion-cache.ts):
        // a moved tag re-applies its stylesheet, restyling the whole page.
        const moved = await page.evaluate(() => (window as unknown as { movedStyleTags: string[] }).movedStyleTags);
        expect(moved, `${path}: server style tags moved while the app started`).toEqual([]);
        // Loading the page's chunk does not add the stylesheet the server inlined.
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
  await page.getByRole('button', { name: /image 1 of 63: view full size$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a project the owner adds gets its card link and its own server-rendered page; once removed, its page is 404', async ({ page }) => {
  const admin = { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };
  const site = (await (await page.request.get('/api/content/site')).json()) as { projects: Record<string, unknown>[] };
  const { slug: _slug, ...template } = site.projects[0];
  const slug = `e2e-${Date.now().toString(36)}`;
  const title = `Owner Project ${slug}`;
  const added = await page.request.post('/api/admin/content/projects', {
    headers: admin,
    data: {
      ...template,
      slug,
      title,
      featured: true,
      page: { title, subtitle: 'Added through the admin API a moment ago', blocks: [{ kind: 'text', heading: 'What it is', paragraphs: ['A project only this test has.'] }] },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  try {
    const first = await page.request.get(`/project/${slug}`);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(`<title>${title} | Atelier</title>`);
    expect(html).toContain('A project only this test has.');

    await page.goto('/');
    await page.locator(`a[href="/project/${slug}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/project/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('A project only this test has.')).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Atelier`);
  } finally {
    const removed = await page.request.delete(`/api/admin/content/projects/${slug}`, { headers: admin });
    expect(removed.status(), await removed.text()).toBe(204);
  }
  const gone = await page.request.get(`/project/${slug}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toContain('<title>Project Not Found | Atelier</title>');
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('alert')).toContainText('There is no page for this project yet.');
});
