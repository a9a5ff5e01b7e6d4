import type { SitePageKey } from '@atelier/contracts';
import type { ContentMeta, RouteMeta } from '../components/route-meta';
import { contentApi, pageAnswer, type PageContent } from '../store/content-api';
import { siteSettingsIn } from '../store/site-settings';

// Titles, descriptions and headings of every page: the owner's texts (the site's settings, seeded with
// the required texts of docs/requirements/public-pages.md#page-texts), or the content's own for a
// project's or a GPU ad's page.

/** The owner's texts for one of the site's own pages. */
const pageMeta =
  (key: SitePageKey): ContentMeta =>
  (content) =>
    siteSettingsIn(content).pages[key];

export const ROUTE_META = {
  home: pageMeta('home'),
  gallery: pageMeta('gallery'),
  resources: pageMeta('resources'),
  exhibit: pageMeta('exhibit'),
  forge: pageMeta('forge'),
  dream: pageMeta('dream'),
  life: pageMeta('life'),
  lobby: pageMeta('lobby'),
  matrix: pageMeta('matrix'),
  profile: pageMeta('profile'),
  restricted: pageMeta('restricted'),
  videoTest: pageMeta('videoTest'),
  citadel: pageMeta('citadel'),
} satisfies Record<SitePageKey, ContentMeta>;

/** The home page's meta: what a page without its own says. */
export const siteMeta = (content: PageContent): RouteMeta => ROUTE_META.home(content, {});

/** What an unknown path's first HTML says; the router's error screen says the same once drawn. */
export const notFoundMeta = (content: PageContent): RouteMeta => ({
  title: `404 Not Found | ${siteSettingsIn(content).siteName}`,
  description: 'This page could not be shown.',
});

/**
 * A page about one piece of content (a project, a GPU ad), from the answer its loader read: its own
 * title and description. Before the answer arrives (a first visit in the browser) it says what it is;
 * content that does not exist says so.
 */
function contentPageMeta<T>(
  what: string,
  answer: (content: PageContent, slug: string) => T | null | undefined,
  meta: (found: T, siteName: string) => RouteMeta,
): ContentMeta {
  return (content, { slug = '' }) => {
    const { siteName } = siteSettingsIn(content);
    const found = answer(content, slug);
    if (found === null) return { title: `${what} Not Found | ${siteName}`, description: `There is no page for this ${what.toLowerCase()}.`, heading: `${what} not found` };
    if (found === undefined) return { title: `${what} | ${siteName}`, description: `A ${what.toLowerCase()} from this portfolio.`, heading: what };
    return meta(found, siteName);
  };
}

export const projectMeta = contentPageMeta(
  'Project',
  (content, slug) => pageAnswer(content, contentApi.project, slug),
  (page, siteName) => ({ title: `${page.title} | ${siteName}`, description: page.subtitle, heading: page.title }),
);

/** A GPU ad's feature page: the page title the owner gave it, else the card's title. */
export const featureMeta = contentPageMeta(
  'Feature',
  (content, slug) => pageAnswer(content, contentApi.feature, slug),
  (ad) => ({ title: ad.pageTitle ?? ad.title, description: ad.pageDescription ?? ad.tagline }),
);
