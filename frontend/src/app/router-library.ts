// What start-app.tsx takes from React Router, as a module main.tsx can load (and evaluate) before
// the app: import('react-router-dom') itself would keep every export of the package, used or not.
export { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from 'react-router-dom';
