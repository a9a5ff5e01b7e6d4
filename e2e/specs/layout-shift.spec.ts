import type { SiteContent } from '@atelier/contracts';
import { devices, type APIRequestContext, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { cumulativeLayoutShift, describeWorstShifts, layoutShiftsWhenQuiet, recordLayoutShifts } from '../support/layout-shift';
import { PUBLIC_PAGES } from '../support/public-pages';
import { startStallingProxy } from '../support/stalling-proxy';
import { expect, test } from '../support/test';

// Issue #22: the layout must not move while a public page loads and hydrates. Cumulative layout
// shift (web-vitals' definition, support/layout-shift.ts) at most 0.02 on every public page, at each
// width with each of three browsers: 4 x 3 = 12 combinations, the matrix the issue names, even where
// one is unusual (a phone's user agent at 1280 px): a layout assumed from the user agent instead of
// the width is exactly what moves once the page finds out. One test per combination; each page gets
// a context of its own, so every load is a first visit (empty cache and storage).

const CLS_LIMIT = 0.02;

/** Phone, iPad portrait, the desktop breakpoint, a laptop; the height sets the viewport's area, which CLS divides by. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1000, height: 800 },
  { width: 1280, height: 800 },
] as const;

const BROWSERS: Array<{ name: string; options: BrowserContextOptions }> = [
  {
    name: 'iPhone Safari',
    options: {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
    },
  },
  {
    // iPadOS 17 asks for desktop sites by default and then sends a Mac's Safari user agent.
    name: 'iPad (desktop Safari)',
    options: {
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      isMobile: false,
      hasTouch: true,
      deviceScaleFactor: 2,
    },
  },
  {
    name: 'desktop Chrome',
    options: { userAgent: devices['Desktop Chrome'].userAgent, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
  },
];

/**
 * Every page a visitor can open without signing in: the fixed routes, and the project and GPU
 * feature pages the content API lists (the owner can add projects).
 */
async function publicRoutes(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/content/site');
  expect(response.ok(), 'GET /api/content/site').toBe(true);
  const site = (await response.json()) as SiteContent;
  const fixed = PUBLIC_PAGES.map((page) => page.path as string).filter((path) => !/^\/(project|feature)\//.test(path));
  return [...fixed, ...site.ads.map((ad) => `/feature/${ad.slug}`), ...site.projects.map((project) => `/project/${project.slug}`)];
}

// A trace records screenshots of every frame: work that would slow the very loads being measured.
test.use({ trace: 'off', screenshot: 'off' });

/** One line of the table a run prints, and the failure when the page moved too much. */
async function measure(context: BrowserContext, path: string): Promise<{ row: string; failure?: string }> {
  await context.addInitScript(recordLayoutShifts);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(path, { timeout: 30_000 });
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 15_000 });
  // A page that keeps fetching (a video, say) is measured anyway, after the wait.
  const idle = await page.waitForLoadState('networkidle', { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  const result = cumulativeLayoutShift(await layoutShiftsWhenQuiet(page));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cls = `CLS ${result.cls.toFixed(4)}`;
  // What moved is worth reading only where something visibly did.
  const moved = result.cls >= CLS_LIMIT / 10 ? `; moved: ${describeWorstShifts(result)}` : '';
  const row = `${path.padEnd(26)} ${cls} (${result.count} shifts, ${seconds} s${idle ? '' : ', network never idle'})${moved}`;
  return { row, failure: result.cls > CLS_LIMIT ? `${path}: ${cls}${moved}` : undefined };
}

for (const viewport of VIEWPORTS) {
  for (const browserKind of BROWSERS) {
    const combination = `${viewport.width}px, ${browserKind.name}`;

    test(`layout shift at ${combination}: CLS <= ${CLS_LIMIT} on every public page`, async ({ browser, request, baseURL }) => {
      const routes = await publicRoutes(request);
      // Each page is loaded, hydrated, idle, then watched for a quiet second: 2-4 s on a quiet
      // machine; each step has its own timeout, and a page that times out is reported, not fatal.
      test.setTimeout(60_000 + routes.length * 30_000);
      const failures: string[] = [];
      for (const path of routes) {
        const context = await browser.newContext({ ...browserKind.options, viewport, baseURL });
        try {
          const { row, failure } = await measure(context, path);
          // Every page's figure, passing ones too, as it is taken: a run shows how close each one is.
          console.log(`[layout-shift] ${combination.padEnd(30)} ${row}`);
          if (failure) failures.push(failure);
        } catch (error) {
          const reason = `not measured: ${(error as Error).message.split('\n')[0]}`;
          console.log(`[layout-shift] ${combination.padEnd(30)} ${path.padEnd(26)} ${reason}`);
          failures.push(`${path}: ${reason}`);
        } finally {
          await context.close();
        }
      }
      expect(failures, `pages at ${combination} whose layout moved more than CLS ${CLS_LIMIT} while loading and hydrating`).toEqual([]);
    });
  }
}

// A slow network delivers a page in parts, and the browser may draw the part it has parsed. On a
// page shorter than the screen the footer sits at the screen's foot: drawn with half of it, it sits
// lower, then moves up as the rest arrives, unless the first paint waits for the whole page.
const SHORT_PAGES = ['/ll1l1l1ll', '/ll1l1l1ll/test', '/lobby'];

test('a short page whose HTML stalls inside its footer draws once, the footer where it stays', async ({ browser, baseURL }) => {
  const viewport = { width: 820, height: 1180 };
  const desktopChrome = BROWSERS.find((kind) => kind.name === 'desktop Chrome')!;
  const proxy = await startStallingProxy(baseURL!, {
    // Just after the footer's first link: the footer is there, most of it is not.
    splitAt: (html) => html.indexOf('</a>', html.indexOf('<footer')) + '</a>'.length,
    pauseMs: 400,
  });
  try {
    const failures: string[] = [];
    for (const path of SHORT_PAGES) {
      const context = await browser.newContext({ ...desktopChrome.options, viewport, baseURL: proxy.url });
      try {
        const { row, failure } = await measure(context, path);
        console.log(`[layout-shift] stalled HTML at 820px           ${row}`);
        if (failure) failures.push(failure);
        // Still a short page, or this test would prove nothing: its footer ends at the screen's foot.
        const footer = await context.pages()[0].locator('footer').boundingBox();
        expect(footer && Math.round(footer.y + footer.height), `${path}: the footer's bottom edge`).toBe(viewport.height);
      } finally {
        await context.close();
      }
    }
    expect(failures, 'short pages whose layout moved more than CLS 0.02 when their HTML stalled').toEqual([]);
  } finally {
    await proxy.close();
  }
});
