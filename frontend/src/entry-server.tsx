import type { ContentFetcher, PageRequest, RenderedPage } from '@atelier/contracts';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { isRouteMetaHandle, type RouteMeta } from './components/route-meta';
import { AppProviders } from './app/app-providers';
import { appRoutes } from './app/router';
import { SITE_META } from './app/route-meta-table';
import { assumedViewportWidth } from './app/server-render/assumed-viewport';
import { pageDataElement } from './app/server-render/page-data';
import { createServerStore } from './app/app-store';
import { createServerEmotionCache, serverStyleTags } from './theme/emotion-cache';

// The server render of the public showcase pages (built by `vite build --ssr`, run by the backend):
// the page's HTML with its content and styles, so it paints before the app's code has arrived; the
// browser then hydrates it (app/start-app.tsx). Other pages are left to the browser, but their first
// HTML still carries their own title and description, and an unknown path answers 404.

const handler = createStaticHandler(appRoutes);

// Content can depend on content (a column drawn once the page's main answer is in); each pass fetches
// what the previous one lacked. Today's pages need two.
const MAX_PASSES = 4;

/** The last render of a page at a width: the content it was drawn from, and its HTML. */
interface LastRender {
  template: string;
  paths: string[];
  content: string;
  html: string;
}
const lastRenders = new Map<string, LastRender>();
// Enough for every showcase page at each assumed width.
const LAST_RENDERS_KEPT = 100;

/** The content answers as one string, the same for the same answers whatever order they came in. */
const contentKey = (answers: Record<string, unknown>) =>
  JSON.stringify(Object.keys(answers).sort().map((path) => [path, answers[path]]));

/** The page's first HTML and status, or null when index.html should answer as it is (a redirect). */
export async function renderPage(request: PageRequest, fetchContent: ContentFetcher): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) return null;
  if (context.statusCode === 404) return { status: 404, html: fillHead(request.template, NOT_FOUND_META) };
  if (context.statusCode !== 200) return null;
  // Drawn in the browser (it depends on the visitor or on chance), under its own head.
  if (!isServerRendered(context)) return { status: 200, html: fillHead(request.template, metaOf(context)) };
  return { status: 200, html: await renderShowcasePage(request, fetchContent, context) };
}

/** What the first HTML of an unknown path says; the router's error screen says the same once drawn. */
const NOT_FOUND_META: RouteMeta = { title: '404 Not Found | Atelier', description: 'This page could not be shown.' };

async function renderShowcasePage(request: PageRequest, fetchContent: ContentFetcher, context: StaticHandlerContext): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const viewportWidth = assumedViewportWidth(request.userAgent, request.mobileHint);

  const answers: Record<string, unknown> = {};
  const failed = new Set<string>();
  const fetchAll = (paths: string[]) =>
    Promise.all(
      paths.map(async (path) => {
        try {
          answers[path] = await fetchContent(path);
        } catch {
          failed.add(path);
        }
      }),
    );

  // Rendering is the costly part: a page whose content has not changed since its last render at
  // this width is that render. Otherwise the content it needed last time is fetched up front.
  const { pathname, search } = new URL(request.url);
  const renderKey = `${viewportWidth} ${pathname}${search}`;
  const last = lastRenders.get(renderKey);
  if (last) {
    await fetchAll(last.paths);
    if (failed.size === 0 && last.template === request.template && contentKey(answers) === last.content) return last.html;
  }

  for (let pass = 1; ; pass += 1) {
    const missing = new Set<string>();
    const cache = createServerEmotionCache();
    const markup = await prerender(
      <CacheProvider value={cache}>
        <AppProviders store={createServerStore()} serverRender={{ content: { answers, missing }, viewportWidth }}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>,
    );
    const wanted = [...missing].filter((path) => !failed.has(path));
    if (wanted.length === 0 || pass === MAX_PASSES) {
      const styles = serverStyleTags(cache);
      // Content that could not be fetched stays out: the browser asks for it and shows its own error.
      const html = fillTemplate(request.template, { meta: metaOf(context), styles, markup, data: pageDataElement({ content: answers, viewportWidth }) });
      if (failed.size === 0) remember(renderKey, { template: request.template, paths: Object.keys(answers), content: contentKey(answers), html });
      return html;
    }
    await fetchAll(wanted);
  }
}

function remember(key: string, render: LastRender): void {
  lastRenders.delete(key);
  lastRenders.set(key, render);
  if (lastRenders.size > LAST_RENDERS_KEPT) lastRenders.delete(lastRenders.keys().next().value as string);
}

function isServerRendered(context: StaticHandlerContext): boolean {
  return context.matches.some(({ route }) => isRouteMetaHandle(route.handle) && route.handle.serverRendered === true);
}

/** The deepest matched route's meta, as useRouteMeta picks it in the browser. */
function metaOf(context: StaticHandlerContext): RouteMeta {
  const handles = context.matches.map(({ route }) => route.handle).filter(isRouteMetaHandle);
  return handles.at(-1)?.meta ?? SITE_META;
}

/** Renders to HTML once everything has loaded (lazy components included), as the final page shows it. */
async function prerender(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return html;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

interface PageParts {
  meta: RouteMeta;
  styles: string;
  markup: string;
  data: string;
}

function fillTemplate(template: string, { meta, styles, markup, data }: PageParts): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) throw new Error('index.html has no empty <div id="root"></div> or no </head>');
  // Replacer functions: '$' in the page must not be read as a replacement pattern. The page is
  // already drawn, so its scripts (hydration) come after the fonts and pictures it shows.
  return fillHead(template, meta)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
    .replace('</head>', () => `${styles}</head>`)
    .replace(root, () => `<div id="root">${markup}</div>${data}`);
}

/** index.html with the page's own title and description. */
function fillHead(template: string, meta: RouteMeta): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`);
}
