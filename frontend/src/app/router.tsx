import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { RouteMeta, RouteMetaHandle } from '../components/route-meta';
import { SiteFrame } from './layout/site-frame';
import { RequireToken } from './require-token';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { ROUTE_META } from './route-meta-table';

type PageModule = { default: ComponentType };

// Every page is its own chunk: the first load carries only the shell and the page it shows.
const lazyPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

function page(path: string, meta: RouteMeta, load: () => Promise<PageModule>, serverRendered = false): RouteObject {
  const handle: RouteMetaHandle = { meta, serverRendered };
  return { path, handle, lazy: lazyPage(load) };
}

/**
 * A public showcase page: the server renders it with its content (entry-server.tsx), so it paints
 * before the app's code arrives. Pages that depend on the visitor (session, forms) or on chance
 * (random examples) are left to the browser.
 */
const showcasePage = (path: string, meta: RouteMeta, load: () => Promise<PageModule>) => page(path, meta, load, true);

const loadProjectPage = () => import('../features/projects/project-page');
const loadGpuFeaturePage = () => import('../features/gpu-feature/gpu-feature-page');
const loadRestrictedPage = () => import('../features/restricted/restricted-page');

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's chunk loads, so the frame paints at once.
    hydrateFallbackElement: <SiteFrame />,
    children: [
      {
        index: true,
        handle: { meta: ROUTE_META.home, serverRendered: true } satisfies RouteMetaHandle,
        lazy: lazyPage(() => import('../features/home/home-page')),
      },
      showcasePage('gallery', ROUTE_META.gallery, () => import('../features/gallery/gallery-page')),
      showcasePage('dev', ROUTE_META.resources, () => import('../features/resources/resources-page')),
      showcasePage('exhibit', ROUTE_META.exhibit, () => import('../features/exhibit/exhibit-page')),
      page('forge', ROUTE_META.forge, () => import('../features/generation/forge-page')),
      page('dream', ROUTE_META.dream, () => import('../features/generation/dream-page')),
      page('life', ROUTE_META.life, () => import('../features/botfolk/botfolk-page')),
      showcasePage('feature/nvidia-rtx-5090', ROUTE_META.rtx5090, loadGpuFeaturePage),
      showcasePage('feature/nvidia-h100', ROUTE_META.h100, loadGpuFeaturePage),
      showcasePage('project/bedrock', ROUTE_META.bedrock, loadProjectPage),
      showcasePage('project/atelier', ROUTE_META.atelier, loadProjectPage),
      showcasePage('project/botfolk', ROUTE_META.botfolk, loadProjectPage),
      showcasePage('project/solar', ROUTE_META.solar, loadProjectPage),
      showcasePage('project/nucleus', ROUTE_META.nucleus, loadProjectPage),
      showcasePage('project/ansible', ROUTE_META.ansible, loadProjectPage),
      page('lobby', ROUTE_META.lobby, () => import('../features/lobby/lobby-page')),
      {
        element: <RequireToken />,
        children: [
          page('matrix', ROUTE_META.matrix, () => import('../features/network/matrix-page')),
          page('profile/:userId', ROUTE_META.profile, () => import('../features/network/profile-page')),
        ],
      },
      showcasePage('ll1l1l1ll', ROUTE_META.restricted, loadRestrictedPage),
      page('ll1l1l1ll/test', ROUTE_META.videoTest, () => import('../features/video-player/video-player-page')),
      showcasePage('citadel', ROUTE_META.citadel, loadRestrictedPage),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
