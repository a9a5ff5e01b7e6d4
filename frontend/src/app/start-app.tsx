import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from './router-library';
import { createAppStore, createAppStoreStepwise, whenRehydrated, type AppStore, type RootState } from './app-store';
import { rememberContent } from '../store/content-api';
import { initialSessionState } from '../store/session-slice';
import { appTheme } from '../theme/app-theme';
import { createBrowserEmotionCache } from '../theme/emotion-cache';
import { AppProviders } from './app-providers';
import { pageContentOf } from './page-content-loader';
import { appRoutes } from './router';
import { readPageData, readSiteData } from './server-render/page-data';
import { yieldToBrowser } from './yield-to-browser';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  return element;
}

const app = (emotionCache: EmotionCache, store: AppStore, router: DataRouter) => (
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

/**
 * The page's lazy route modules, loaded before the router starts, so hydration's first render is the
 * page the server drew rather than the fallback (React Router's documented way to hydrate lazy routes).
 */
async function loadRouteModules(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  const loading: Promise<void>[] = [];
  // A task each: matching ranks every route, and each route module's import appends a preload link
  // per chunk it needs (Vite's helper), ~1 ms apiece on a desktop CPU.
  for (const { route } of matches) {
    const { lazy } = route;
    if (typeof lazy !== 'function') continue;
    await yieldToBrowser();
    loading.push(lazy().then((module) => void Object.assign(route, module, { lazy: undefined })));
  }
  await Promise.all(loading);
}

/** The server rendered the page for an anonymous visitor in the default mode; a stored session may differ. */
function sessionMatchesServerRender(state: RootState): boolean {
  const { mode, token } = state.session;
  return mode === initialSessionState.mode && token === initialSessionState.token;
}

/**
 * Renders the app into #root: hydrates the server's page, with the loader answers it was drawn from,
 * when there is one and the stored session is the one it was rendered for; renders afresh otherwise.
 */
export async function startApp(): Promise<void> {
  // Start-up runs as several short tasks rather than one long one, which would hold back a tap on the
  // page already on screen. Measured in Chromium on a desktop CPU, cold cache: evaluating this chunk
  // ~25 ms, making the store 4-17 ms, asking for the route's chunk 7-12 ms, the router 3-17 ms; a
  // mid-range phone takes four to seven times as long.
  await yieldToBrowser();
  const pageData = readPageData(document);
  if (!pageData) {
    // A page drawn here still has the site's texts from the server (its name and footer), so the
    // frame shows the owner's from its first paint.
    rememberContent(readSiteData(document) ?? {});
    const { store, persistor } = createAppStore();
    // Created before the session rehydrates, so the first page's chunk starts loading at once.
    const router = createBrowserRouter(appRoutes);
    await whenRehydrated(persistor);
    createRoot(rootElement()).render(app(createBrowserEmotionCache(), store, router));
    return;
  }
  const { store, persistor } = await createAppStoreStepwise(yieldToBrowser);
  rememberContent(pageContentOf(Object.values(pageData.loaderData).map((data) => ({ data }))));
  await yieldToBrowser();
  await Promise.all([whenRehydrated(persistor), loadRouteModules()]);
  await yieldToBrowser();
  const router = createBrowserRouter(appRoutes, { hydrationData: { loaderData: pageData.loaderData } });
  // The router's history and its view-transition memory are the browser's first touch of session
  // history and storage (~5-8 ms on a desktop CPU): a task of their own, apart from the emotion
  // cache taking over the server's style tags.
  await yieldToBrowser();
  const emotionCache = createBrowserEmotionCache();
  if (!sessionMatchesServerRender(store.getState())) {
    // A member, or the light mode: the server's page is replaced by the visitor's own.
    createRoot(rootElement()).render(app(emotionCache, store, router));
    return;
  }
  // The theme of the page's mode, made in a task of its own rather than in hydration's first render.
  appTheme(store.getState().session.mode);
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is already on screen, input is not blocked.
  startTransition(() => {
    hydrateRoot(rootElement(), app(emotionCache, store, router));
  });
}
