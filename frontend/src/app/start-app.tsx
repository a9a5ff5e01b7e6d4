import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type DataRouter } from 'react-router-dom';
import { createAppStore, createAppStoreStepwise, whenRehydrated, type AppStore, type RootState } from './app-store';
import { rememberContent } from '../store/content-api';
import { initialSessionState } from '../store/session-slice';
import { appTheme } from '../theme/app-theme';
import { createBrowserEmotionCache } from '../theme/emotion-cache';
import { AppProviders, type ServerRenderInputs } from './app-providers';
import { nextTask } from './next-task';
import { appRoutes, createAppRouter } from './router';
import { readPageData } from './server-render/page-data';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  return element;
}

const app = (emotionCache: EmotionCache, store: AppStore, router: DataRouter, serverRender?: ServerRenderInputs) => (
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <AppProviders store={store} serverRender={serverRender}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

/** The page's route modules, loaded before the router starts, so its first render is the page itself. */
async function loadRouteModules(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** The server rendered the page for an anonymous visitor in the default mode; a stored session may differ. */
function sessionMatchesServerRender(state: RootState): boolean {
  const { mode, token } = state.session;
  return mode === initialSessionState.mode && token === initialSessionState.token;
}

/**
 * Renders the app into #root: hydrates the server's page when there is one and the stored session
 * is the one it was rendered for, renders afresh otherwise. On a server-rendered page each step is a
 * task of its own: together they would hold the main thread of a slow phone for a long while.
 */
export async function startApp(): Promise<void> {
  const pageData = readPageData(document);
  if (!pageData) {
    const { store, persistor } = createAppStore();
    // Created before the session rehydrates, so the first page's chunk starts loading at once.
    const router = createAppRouter();
    await whenRehydrated(persistor);
    createRoot(rootElement()).render(app(createBrowserEmotionCache(), store, router));
    return;
  }
  await nextTask(); // after this module's own start
  const { store, persistor } = await createAppStoreStepwise(nextTask);
  rememberContent(pageData.content);
  await nextTask();
  await Promise.all([whenRehydrated(persistor), loadRouteModules()]);
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const emotionCache = createBrowserEmotionCache();
  if (!sessionMatchesServerRender(store.getState())) {
    // A member, or the light mode: the server's page is replaced by the visitor's own.
    createRoot(rootElement()).render(app(emotionCache, store, router));
    return;
  }
  appTheme(store.getState().session.mode); // made now rather than in hydration's first render
  await nextTask();
  const serverRender = { content: { answers: pageData.content }, viewportWidth: pageData.viewportWidth };
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is already on screen, input is not blocked.
  startTransition(() => {
    hydrateRoot(rootElement(), app(emotionCache, store, router, serverRender));
  });
}
