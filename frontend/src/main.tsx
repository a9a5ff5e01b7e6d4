import './theme/font-faces';
import { PAGE_DATA_ELEMENT_ID } from './app/server-render/page-data';
import { yieldToBrowser } from './app/yield-to-browser';

type AppModule = typeof import('./app/start-app');

const loadApp = (): Promise<AppModule> => import('./app/start-app');

// On a page already on screen, React is evaluated in a task of its own before the app: both at once
// were one task of ~55 ms on a desktop CPU (four times that on a mid-range phone) holding back input.
const loadAppAfterReact = (): Promise<AppModule> =>
  import('react-dom/client')
    .then(yieldToBrowser)
    .then(loadApp);

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
