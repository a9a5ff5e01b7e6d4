import './theme/font-faces';
import { nextTask } from './app/next-task';
import { PAGE_DATA_ELEMENT_ID } from './app/server-render/page-data';

// The page's first script, kept small. A page the server rendered is already on screen: its fonts
// and first pictures load before the app does, which then hydrates it. Any other page is the empty
// app shell, so the app starts at once.
const startApp = () =>
  import('./app/start-app').then(
    (module) => module.startApp(),
    (error: unknown) => console.error('The app could not be loaded', error),
  );

/**
 * On a server-rendered page React runs first, then the styling library, then the app, each in a task
 * of its own: run together, they would hold a slow phone's main thread for a long while. (Each chunk
 * is fetched after the one before, which costs a page already on screen nothing its visitor sees.)
 */
const hydrateApp = () =>
  import('react-dom/client')
    .then(nextTask)
    .then(() => import('@mui/material/styles'))
    .then(nextTask)
    .then(startApp, (error: unknown) => console.error('The app could not be loaded', error));

if (document.getElementById(PAGE_DATA_ELEMENT_ID) === null) void startApp();
else if (document.readyState === 'complete') void hydrateApp();
else window.addEventListener('load', () => void hydrateApp(), { once: true });
