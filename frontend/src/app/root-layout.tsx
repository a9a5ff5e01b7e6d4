import { Outlet } from 'react-router-dom';
import { useRouteMeta } from '../components/route-meta';
import { SiteFrame } from './layout/site-frame';
import { usePageMeta } from './page-meta';
import { SITE_META } from './route-meta-table';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  usePageMeta(useRouteMeta() ?? SITE_META);
  return (
    <>
      <ScrollToTop />
      <SiteFrame>
        <Outlet />
      </SiteFrame>
    </>
  );
}
