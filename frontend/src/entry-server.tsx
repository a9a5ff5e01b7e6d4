import type { PageRequest, PublicReads, RenderedPage, ServerEntry } from '@atelier/contracts';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { isRouteMetaHandle, routeMetaOf, type RouteMeta } from './components/route-meta';
import { AppProviders } from './app/app-providers';
import { contentOf, pageContentOf, type ServerLoadContext } from './app/page-content-loader';
import { appRoutes } from './app/router';
import { notFoundMeta, siteMeta } from './app/route-meta-table';
import { markedTakenOver, withComposedLayers } from './app/server-render/emotion-styles';
import { pageDataElement, siteDataElement } from './app/server-render/page-data';
import { renderedUrl } from './app/server-render/render-url';
import { createServerStore } from './app/app-store';
import { EMOTION_KEY } from './theme/emotion-cache';
import { contentApi } from './store/content-api';

// The server render of the public showcase pages (built by `vite build --ssr`, run by the backend):
// the page's HTML with its content and styles, so it paints before the app's code has arrived; the
// browser then hydrates it (app/start-app.tsx). The route loaders read the content from the backend's
// in-process PublicReads (app/page-content-loader.ts), so each page renders once, and its styles come from emotion's server
// API. Other pages are left to the browser, but their first HTML still carries their own title and
// description, and an unknown path answers 404.

const handler = createStaticHandler(appRoutes);

/** The last render of a page: the content it was drawn from, and its HTML. */
interface LastRender {
  template: string;
  content: string;
  status: number;
  html: string;
}
const lastRenders = new Map<string, LastRender>();
// Enough for every showcase page (and then some projects).
const LAST_RENDERS_KEPT = 100;

/** The page's first HTML and status, or null when index.html should answer as it is (a redirect). */
export const renderPage: ServerEntry['renderPage'] = async (request: PageRequest, reads: PublicReads): Promise<RenderedPage | null> => {
  const requestContext: ServerLoadContext = { reads };
  // A parameter no page reads must not cost a render (nor push real pages out of lastRenders).
  const url = renderedUrl(request.url).href;
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) return null;
  if (context.statusCode === 404) return { status: 404, html: fillHead(request.template, notFoundMeta(await settingsOnly(reads))) };
  if (context.statusCode !== 200) return null;
  // Drawn in the browser (it depends on the visitor or on chance), under its own head, with the
  // site's texts the frame shows.
  if (!isServerRendered(context)) {
    const html = fillHead(request.template, metaOf(context)).replace('</body>', () => `${siteDataElement(contentOf(context.loaderData[ROOT_ROUTE_ID]))}</body>`);
    return { status: 200, html };
  }
  return renderShowcasePage({ ...request, url }, context);
};

/** The route every page is under, whose loader reads the site's texts. */
const ROOT_ROUTE_ID = handler.dataRoutes[0].id;

/** An unknown path matches no loader: its title still names the site. */
async function settingsOnly(reads: PublicReads) {
  const key = contentApi.settings.key();
  try {
    return { [key]: await reads.settings() };
  } catch {
    return {};
  }
}

/**
 * Renders the page once, with the content its loaders answered. Rendering is the costly part: a page
 * whose content has not changed since its last render is that render.
 */
async function renderShowcasePage(request: PageRequest, context: StaticHandlerContext): Promise<RenderedPage> {
  const { pathname, search } = new URL(request.url);
  const renderKey = `${pathname}${search}`;
  const content = JSON.stringify(context.loaderData);
  const last = lastRenders.get(renderKey);
  if (last && last.template === request.template && last.content === content) return { status: last.status, html: last.html };

  const cache = createCache({ key: EMOTION_KEY });
  const emotionServer = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await prerender(
    <CacheProvider value={cache}>
      <AppProviders store={createServerStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  const styles = markedTakenOver(emotionServer.constructStyleTagsFromChunks(withComposedLayers(emotionServer.extractCriticalToChunks(markup), cache)));
  const html = fillTemplate(request.template, { meta: metaOf(context), styles, markup, data: pageDataElement({ loaderData: context.loaderData }) });
  // A page about something that is not there (a removed project) says so, and answers 404.
  const status = hasMissingContent(context) ? 404 : 200;
  remember(renderKey, { template: request.template, content, status, html });
  return { status, html };
}

function remember(key: string, render: LastRender): void {
  lastRenders.delete(key);
  lastRenders.set(key, render);
  if (lastRenders.size > LAST_RENDERS_KEPT) lastRenders.delete(lastRenders.keys().next().value as string);
}

/** A loader answered null for some content: the API has nothing there. */
function hasMissingContent(context: StaticHandlerContext): boolean {
  return Object.values(context.loaderData).some((data) => Object.values(contentOf(data)).includes(null));
}

function isServerRendered(context: StaticHandlerContext): boolean {
  return context.matches.some(({ route }) => isRouteMetaHandle(route.handle) && route.handle.serverRendered === true);
}

/** The deepest matched route's meta, as useRouteMeta picks it in the browser. */
function metaOf(context: StaticHandlerContext): RouteMeta {
  const content = pageContentOf(context.matches.map(({ route }) => ({ data: context.loaderData[route.id] })));
  return routeMetaOf(context.matches.map(({ route, params }) => ({ handle: route.handle, params })), content) ?? siteMeta(content);
}

/**
 * Renders to HTML once everything has loaded (lazy components included), as the final page shows it.
 * Every Suspense boundary is written in place: by default React moves a boundary of more than 12.8 KB
 * (progressiveChunkSize) to the end of the page, to be put in place by an inline script, which the
 * site's script-src 'self' refuses and which a page rendered whole does not need.
 */
async function prerender(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
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
