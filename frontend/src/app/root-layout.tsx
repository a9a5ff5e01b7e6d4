import { useMemo } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { HydrateApart } from '../components/hydrate-apart';
import { routeMetaOf } from '../components/route-meta';
import { PageContentContext } from '../store/content-api';
import { SiteFrame } from './layout/site-frame';
import { pageContentOf } from './page-content-loader';
import { usePageMeta } from './page-meta';
import { SITE_META } from './route-meta-table';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  const matches = useMatches();
  usePageMeta(routeMetaOf(matches) ?? SITE_META);
  const content = useMemo(() => pageContentOf(matches), [matches]);
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
