// Site content (docs/decisions/0011-content-in-the-database.md): what the public pages show, stored in the database so the
// owner changes it without a deploy. Read at /api/content/*, written at /api/admin/content/*.
// Picture fields hold site paths such as `/assets/gallery/<file>` (served from DATA_DIR/media).
// The shapes are inferred from their zod schemas (content.schemas.ts), as the OpenAPI document is.
import type { z } from 'zod';
import type {
  adminGalleryItemSchema,
  adminProjectSchema,
  careerHighlightSchema,
  contentLinkSchema,
  exhibitItemSchema,
  galleryItemSchema,
  gpuAdSchema,
  noticeSchema,
  patentSchema,
  projectBlockSchema,
  projectCardSchema,
  projectPageSchema,
  resourceLinkSchema,
  siteContentSchema,
  siteProfileSchema,
  siteSettingsSchema,
  pageTextSchema,
  citadelGroupSchema,
  skillAreaSchema,
  techChipSchema,
  trendingUserSchema,
} from './content.schemas';

/** Years of experience in one skill area, on the profile card. */
export type SkillArea = z.infer<typeof skillAreaSchema>;

export type Patent = z.infer<typeof patentSchema>;

/** The home page's profile card; one per site. */
export type SiteProfile = z.infer<typeof siteProfileSchema>;

export type ContentLink = z.infer<typeof contentLinkSchema>;

export type CareerHighlight = z.infer<typeof careerHighlightSchema>;

export type TechChip = z.infer<typeof techChipSchema>;

/** A project as its home-page card and Projects-list entry show it. */
export type ProjectCard = z.infer<typeof projectCardSchema>;

/** One block of a project page, in order. */
export type ProjectBlock = z.infer<typeof projectBlockSchema>;

export type ProjectPage = z.infer<typeof projectPageSchema>;

/** A sponsored GPU card on the home page, and the banner of its feature page. */
export type GpuAd = z.infer<typeof gpuAdSchema>;

export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/content/site: everything the home page needs but the lists. */
export type SiteContent = z.infer<typeof siteContentSchema>;

export type GalleryItem = z.infer<typeof galleryItemSchema>;

export type ExhibitItem = z.infer<typeof exhibitItemSchema>;

/** The pages whose texts are the owner's to set (every public route but the project and feature pages, whose texts are their content's). */
export const SITE_PAGE_KEYS = ['home', 'gallery', 'resources', 'exhibit', 'forge', 'dream', 'life', 'lobby', 'matrix', 'profile', 'restricted', 'videoTest', 'citadel'] as const;

export const RESOURCE_ICONS = ['webpage', 'yt', 'gh', 'docs'] as const;
export type ResourceIcon = (typeof RESOURCE_ICONS)[number];

/** Format codes and their labels (spec: Resource link). */
export const RESOURCE_FORMATS = {
  tt: 'text tutorial',
  vid: 'video',
  vpl: 'video playlist',
  vch: 'video channel',
  web: 'web page',
  repo: 'code repo',
  vcp: 'video course playlist',
  mega: 'mega video',
} as const;
export type ResourceFormatCode = keyof typeof RESOURCE_FORMATS;

export type ResourceLink = z.infer<typeof resourceLinkSchema>;

export type TrendingUser = z.infer<typeof trendingUserSchema>;

/** Image transform sizes `/assets/...?w=` accepts (docs/decisions/0008-image-resizes-in-child-processes.md); anything else is refused. */
export const IMAGE_WIDTHS = [124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536] as const;
export const IMAGE_DPRS = [1, 2] as const;

/** The admin API's project: its card and its page together. */
export type AdminProject = z.infer<typeof adminProjectSchema>;
/** The admin API's gallery item also says which picture it holds (the CLI's import skips known ones). */
export type AdminGalleryItem = z.infer<typeof adminGalleryItemSchema>;

/** Every text of the site that is not a list of content: its name, footer, pages' titles, notes. */
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type PageText = z.infer<typeof pageTextSchema>;
export type CitadelGroup = z.infer<typeof citadelGroupSchema>;
export type SitePageKey = keyof SiteSettings['pages'];
