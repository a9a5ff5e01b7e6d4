import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './store/app-store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { store, persistor } = createAppStore();
// Created before the session rehydrates, so the first page's chunk starts loading at once.
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
