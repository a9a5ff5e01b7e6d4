import type { ExamplePage } from '@atelier/contracts';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import type { ContentMeta, RouteMetaHandle } from '../components/route-meta';
import { individualQuery } from '../features/botfolk/botfolk-api';
import { exampleLoader } from '../features/generation/example-loader';
import { genApiServedHere } from '../config';
import { SiteFrame } from './layout/site-frame';
import { pageContentLoader, type ContentLoaderData, type PageReads } from './page-content-loader';
import { RequireToken } from './require-token';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { featureMeta, projectMeta, ROUTE_META } from './route-meta-table';

type PageModule = { default: ComponentType };

// Every page is its own chunk: the first load carries only the shell and the page it shows.
const lazyPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

function page(path: string, meta: ContentMeta, load: () => Promise<PageModule>): RouteObject {
  const handle: RouteMetaHandle = { meta };
  return { path, handle, lazy: lazyPage(load) };
}

/**
 * A public page the server renders, with the content its loader reads in-process (entry-server.tsx),
 * so it paints before the app's code arrives. What is left to chance (an example picture) is drawn
 * by a loader too, so hydration shows what the server drew. Pages for members only are left to the
 * browser.
 */
function showcasePage(
  path: string,
  meta: RouteMetaHandle['meta'],
  load: () => Promise<PageModule>,
  content: PageReads = () => [],
  options?: Parameters<typeof pageContentLoader>[1],
): RouteObject {
  const route = { handle: { meta, serverRendered: true } satisfies RouteMetaHandle, loader: pageContentLoader(content, options), lazy: lazyPage(load) };
  // '' is the index route, the home page.
  return path === '' ? { index: true, ...route } : { path, ...route };
}

const loadGpuFeaturePage = () => import('../features/gpu-feature/gpu-feature-page');
const loadRestrictedPage = () => import('../features/restricted/restricted-page');
const projectContent: PageReads = (reads, { slug = '' }) => [reads.project(slug)];
const featureContent: PageReads = (reads, { slug = '' }) => [reads.feature(slug)];
// Only when Bot Folk is served by this server (VITE_GEN_API_URL unset): another host's individuals are its own to draw.
const lifeContent: PageReads = (reads, _params, url) => (genApiServedHere ? [reads.pyface(individualQuery(url.searchParams.get('dna')))] : []);
const generationContent: PageReads = (reads) => (genApiServedHere ? [reads.generationInfo()] : []);
const exampleContent: PageReads = (reads) => [reads.generationExamples()];

/**
 * A generation page's loader: the draw of its example picture and the examples with their models,
 * and on the server who draws the pictures (the browser asks for that itself, and the sentence
 * claims nothing until it knows).
 */
function generationLoader(page: ExamplePage): LoaderFunction {
  const info = pageContentLoader(generationContent, { inBrowser: 'none' });
  const examples = pageContentLoader(exampleContent);
  const example = exampleLoader(page);
  return async (args) => {
    const [fromInfo, fromExamples] = (await Promise.all([info(args), examples(args)])) as ContentLoaderData[];
    return { content: { ...fromInfo.content, ...fromExamples.content }, ...example() };
  };
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // The site's texts (name, footer, pages' titles) frame every page; the browser has them from the
    // first HTML (start-app.tsx), so waiting for them costs nothing there.
    loader: pageContentLoader((reads) => [reads.settings()], { inBrowser: 'wait' }),
    // Shown while the first page's chunk loads, so the frame paints at once.
    hydrateFallbackElement: <SiteFrame />,
    children: [
      showcasePage('', ROUTE_META.home, () => import('../features/home/home-page'), (reads) => [reads.site(), reads.trending(), reads.gallery()]),
      showcasePage('gallery', ROUTE_META.gallery, () => import('../features/gallery/gallery-page'), (reads) => [reads.gallery()]),
      showcasePage('dev', ROUTE_META.resources, () => import('../features/resources/resources-page'), (reads) => [reads.resources()]),
      showcasePage('exhibit', ROUTE_META.exhibit, () => import('../features/exhibit/exhibit-page'), (reads) => [reads.exhibit()]),
      { ...showcasePage('forge', ROUTE_META.forge, () => import('../features/generation/forge-page')), loader: generationLoader('forge') },
      { ...showcasePage('dream', ROUTE_META.dream, () => import('../features/generation/dream-page')), loader: generationLoader('dream') },
      // The server draws the first individual (or the one ?dna= names); later ones the page asks for.
      showcasePage('life', ROUTE_META.life, () => import('../features/botfolk/botfolk-page'), lifeContent, { inBrowser: 'none' }),
      // Every GPU ad's page, as projects are: its title and banner from its one answer.
      showcasePage('feature/:slug', featureMeta, loadGpuFeaturePage, featureContent, { inBrowser: 'wait' }),
      // Every project the owner has, added or removed with the admin API or `atelier projects`. Its
      // title, status and header all come from its one answer, so the browser waits for it too.
      showcasePage('project/:slug', projectMeta, () => import('../features/projects/project-page'), projectContent, { inBrowser: 'wait' }),
      // Rendered for a visitor who is not signed in; a member's stored session replaces it (start-app.tsx).
      showcasePage('lobby', ROUTE_META.lobby, () => import('../features/lobby/lobby-page')),
      {
        element: <RequireToken />,
        children: [
          page('matrix', ROUTE_META.matrix, () => import('../features/network/matrix-page')),
          page('profile/:userId', ROUTE_META.profile, () => import('../features/network/profile-page')),
        ],
      },
      showcasePage('ll1l1l1ll', ROUTE_META.restricted, loadRestrictedPage),
      showcasePage('ll1l1l1ll/test', ROUTE_META.videoTest, () => import('../features/video-player/video-player-page')),
      showcasePage('citadel', ROUTE_META.citadel, loadRestrictedPage),
    ],
  },
];
