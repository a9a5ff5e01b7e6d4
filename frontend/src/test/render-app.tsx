import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SITE_SETTINGS, type Member } from '@atelier/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { PersistGate } from 'redux-persist/integration/react';
import { AppProviders } from '../app/app-providers';
import { appRoutes } from '../app/router';
import { createAppStore } from '../app/app-store';
import { contentApi } from '../store/content-api';
import { setLogin } from '../store/session-slice';
import { testMember } from './fixtures';


interface RenderAppOptions {
  signedIn?: boolean;
  /** Who is signed in, when `signedIn`: testMember unless told. */
  as?: Member;
}

/**
 * The whole app (store, theme, real route table) at `path`, in a memory router. jsdom applies no media
 * queries: what differs by width is in the styles (viewport.ts reads them).
 */
export function renderApp(path: string, { signedIn = false, as = testMember }: RenderAppOptions = {}) {
  // Every page reads the site's texts (the root route's loader): the required ones, unless the test answers its own.
  if (!vi.isMockFunction(contentApi.settings)) vi.spyOn(contentApi, 'settings').mockResolvedValue(DEFAULT_SITE_SETTINGS);
  const { store, persistor } = createAppStore();
  if (signedIn) store.dispatch(setLogin({ user: as, token: 'test-token' }));
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      {/* As the app does (start-app.tsx), the pages render once the stored session is read back. */}
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </AppProviders>,
  );
  return { ...view, store, persistor, router, user };
}

/** The links inside an element as [text, href] pairs, in document order. */
export const linksOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
