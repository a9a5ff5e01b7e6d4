import './theme/font-faces';
import { PAGE_DATA_ELEMENT_ID } from './app/server-render/page-data';

// The page's first script, kept small. A page the server rendered is already on screen: its fonts
// and first pictures load before the app does, which then hydrates it. Any other page is the empty
// app shell, so the app starts at once.
const startApp = () =>
  import('./app/start-app').then(
    (module) => module.startApp(),
    (error: unknown) => console.error('The app could not be loaded', error),
  );

if (document.getElementById(PAGE_DATA_ELEMENT_ID) === null || document.readyState === 'complete') void startApp();
else window.addEventListener('load', () => void startApp(), { once: true });
