import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@atelier/contracts';
import { useContext } from 'react';
import { contentApi, pageAnswer, PageContentContext, settledContent, type PageContent } from './content-api';

// The site's texts (name, footer, pages' titles, notes) are the owner's content: the root route's
// loader reads them for every page. Outside a page (the frame shown while the first page's code
// loads) they are the answer the browser already holds; the required texts (DEFAULT_SITE_SETTINGS) only if the site's could
// not be read at all.

/** The site's texts among a page's content. */
export function siteSettingsIn(content: PageContent): SiteSettings {
  return (
    pageAnswer(content, contentApi.settings) ??
    (settledContent([contentApi.settings.key()])[contentApi.settings.key()] as SiteSettings | undefined) ??
    DEFAULT_SITE_SETTINGS
  );
}

/** The site's texts, for the frame and the pages. */
export function useSiteSettings(): SiteSettings {
  return siteSettingsIn(useContext(PageContentContext));
}
