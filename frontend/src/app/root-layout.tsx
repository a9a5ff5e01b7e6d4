import { useMemo } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { HydrateApart } from '../components/hydrate-apart';
import { routeMetaOf } from '../components/route-meta';
import { PageContentContext } from '../store/content-api';
import { SiteFrame } from './layout/site-frame';
import { pageContentOf } from './page-content-loader';
import { usePageMeta } from './page-meta';
import { siteMeta } from './route-meta-table';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  const matches = useMatches();
  const content = useMemo(() => pageContentOf(matches), [matches]);
  usePageMeta(routeMetaOf(matches, content) ?? siteMeta(content));
  return (
    <PageContentContext.Provider value={content}>
      <ScrollToTop />
      <SiteFrame>
        <HydrateApart>
          <Outlet />
        </HydrateApart>
      </SiteFrame>
    </PageContentContext.Provider>
  );
}
