import './theme/font-faces';
import { PAGE_DATA_ELEMENT_ID } from './app/server-render/page-data';
import { yieldToBrowser } from './app/yield-to-browser';

type AppModule = typeof import('./app/start-app');

const loadApp = (): Promise<AppModule> => import('./app/start-app');

// On a page already on screen the app's code is evaluated a part per task: React first, then the
// router, the theme (MUI's), the store's session storage (the first touch of localStorage, which
// redux-persist tests as it loads), Redux Toolkit, redux-saga, the store's slices, its React
// binding, emotion, MUI's Box (with the default theme MUI makes as it loads) and the site's frame
// (MUI's components), and only then the app. As one chunk its evaluation was the page's longest
// task, ~25 ms on a desktop CPU and several times that on a mid-range phone, holding back a tap. Each
// import() below is a chunk of its own (Rollup gives what it shares with the app a chunk of its own),
// evaluated as it arrives: one after another, or a part would evaluate the next one's modules with its own.
const START_PARTS = [
  () => import('react-dom/client'),
  () => import('./app/router-library'),
  () => import('./theme/app-theme'),
  () => import('redux-persist/lib/storage'),
  () => import('./app/store-library'),
  () => import('redux-saga'),
  () => import('./app/app-store'),
  () => import('react-redux'),
  () => import('@emotion/styled'),
  () => import('@mui/material/Box'),
  () => import('./app/layout/site-frame'),
] as const;

async function loadAppAfterReact(): Promise<AppModule> {
  for (const part of START_PARTS) {
    await part();
    await yieldToBrowser();
  }
  return loadApp();
}

const startApp = (load: () => Promise<AppModule>) =>
  load().then(
    (module) => module.startApp(),
    (error: unknown) => console.error('The app could not be loaded', error),
  );

// The page's first script, kept small. A page the server rendered is already on screen: its fonts
// and first pictures load before the app does, which then hydrates it. Any other page is the empty
// app shell, so the app starts at once.
if (document.getElementById(PAGE_DATA_ELEMENT_ID) === null) void startApp(loadApp);
else if (document.readyState === 'complete') void startApp(loadAppAfterReact);
else window.addEventListener('load', () => void startApp(loadAppAfterReact), { once: true });
