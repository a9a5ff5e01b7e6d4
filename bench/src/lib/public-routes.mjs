// Every page a visitor can open without signing in (frontend/src/app/router.tsx; the e2e suite keeps
// its own list in e2e/support/public-pages.ts, which a .mjs script cannot import). The project and
// GPU feature pages come from the content API, since the owner can add projects.

/** The routes whose path does not depend on the content. */
export const FIXED_PUBLIC_ROUTES = ['/', '/gallery', '/dev', '/exhibit', '/forge', '/dream', '/life', '/lobby', '/ll1l1l1ll', '/ll1l1l1ll/test', '/citadel'];

/** The fixed routes, then /feature/<slug> of each GPU ad and /project/<slug> of each project, from GET /api/content/site. */
export async function publicRoutes(baseUrl) {
  const response = await fetch(`${baseUrl}/api/content/site`);
  if (!response.ok) throw new Error(`GET ${baseUrl}/api/content/site answered ${response.status}: cannot list the project and feature pages`);
  const site = await response.json();
  return [...FIXED_PUBLIC_ROUTES, ...site.ads.map((ad) => `/feature/${ad.slug}`), ...site.projects.map((project) => `/project/${project.slug}`)];
}
