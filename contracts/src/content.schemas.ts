// The public pages' content as zod schemas (see errors.schemas.ts for why).
import { z } from 'zod';
import { RESOURCE_FORMATS, RESOURCE_ICONS, SITE_PAGE_KEYS, type ResourceFormatCode } from './content';

type ResourceFormat = (typeof RESOURCE_FORMATS)[ResourceFormatCode];

export const skillAreaSchema = z.object({ name: z.string(), years: z.number() }).meta({ id: 'SkillArea' });

export const patentSchema = z
  .object({
    title: z.string(),
    /** e.g. `US 10,592,359 B2`; absent until the owner gives it. */
    number: z.string().optional(),
    /** Where to read it (the patent office's or Google Patents' page); absent until the owner gives it. */
    url: z.string().optional(),
    year: z.int(),
  })
  .meta({ id: 'Patent' });

export const contentLinkSchema = z.object({ label: z.string(), url: z.string() }).meta({ id: 'ContentLink' });

export const siteProfileSchema = z
  .object({
    ownerName: z.string(),
    /** e.g. 'Lead Developer: Machine Learning, Generative AI, Python & Full-Stack' */
    headline: z.string(),
    /** Profile photo path (shown at 800px and up). */
    photo: z.string(),
    photoAlt: z.string(),
    summary: z.string(),
    skills: z.array(skillAreaSchema),
    patents: z.array(patentSchema),
    /** 'Back on the market …', '100% remote from Northern California …' */
    availability: z.array(z.string()),
    /** The note about many more projects and experiences coming; absent: the card has none. */
    moreToCome: z.string().optional(),
    links: z.array(contentLinkSchema),
    /** The owner's CV (a PDF under /assets/), offered as a download on the card; absent: none. */
    cv: z.string().optional(),
  })
  .meta({ id: 'SiteProfile' });

export const careerHighlightSchema = z
  .object({ id: z.string(), company: z.string(), role: z.string(), period: z.string(), summary: z.string() })
  .meta({ id: 'CareerHighlight' });

export const techChipSchema = z
  .object({
    name: z.string(),
    /** CSS colour, e.g. `#3776ab`. */
    color: z.string(),
  })
  .meta({ id: 'TechChip' });

export const projectCardSchema = z
  .object({
    /** Route is `/project/<slug>`. */
    slug: z.string(),
    title: z.string(),
    period: z.string(),
    role: z.string(),
    /** Card thumbnail path. */
    image: z.string(),
    imageAlt: z.string(),
    bulletsLeft: z.array(z.string()),
    bulletsRight: z.array(z.string()),
    narrative: z.string(),
    chips: z.array(techChipSchema),
    /** The Projects list (right column): its title and tech summary line ('author' in docs/requirements/public-pages.md#projects). */
    listTitle: z.string(),
    listAuthor: z.string(),
    /** Whether the home page shows it as a card (the list shows every project). */
    featured: z.boolean(),
  })
  .meta({ id: 'ProjectCard' });

const heading = z.string().optional();

export const projectBlockSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), heading, paragraphs: z.array(z.string()) }),
    z.object({ kind: z.literal('chips'), heading, chips: z.array(techChipSchema) }),
    z.object({
      kind: z.literal('videos'),
      heading,
      videos: z.array(z.object({ src: z.string(), poster: z.string().optional(), caption: z.string() })),
    }),
    z.object({ kind: z.literal('links'), heading, links: z.array(contentLinkSchema.extend({ note: z.string().optional() })) }),
    z.object({
      kind: z.literal('profile-card'),
      /** Shown as under construction. */
      name: z.string(),
      subtitle: z.string(),
      picture: z.string(),
      friends: z.int(),
      counters: z.array(z.object({ label: z.string(), value: z.number() })),
      rows: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
    z.object({ kind: z.literal('licence'), name: z.string(), text: z.string() }),
    z.object({
      kind: z.literal('markdown'),
      heading,
      /** What the owner wrote. */
      markdown: z.string(),
      /** It rendered on the server: no raw HTML, only Markdown's own elements; links leave with rel="noopener". */
      html: z.string(),
    }),
    z.object({
      kind: z.literal('gallery'),
      heading,
      /** Pictures and videos (a .webm or .mp4 src), in order; a picture's size keeps its place while it loads. */
      items: z.array(
        z.object({
          src: z.string(),
          /** A video's still. */
          poster: z.string().optional(),
          caption: z.string().optional(),
          width: z.int().optional(),
          height: z.int().optional(),
        }),
      ),
    }),
  ])
  .meta({ id: 'ProjectBlock' });

export const projectPageSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    /** The line under the title in the header block (which links home). */
    subtitle: z.string(),
    blocks: z.array(projectBlockSchema),
  })
  .meta({ id: 'ProjectPage' });

export const gpuAdSchema = z
  .object({
    /** Feature page route is `/feature/<slug>`. */
    slug: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    title: z.string(),
    /** e.g. 'nvidia.com' */
    domain: z.string(),
    tagline: z.string(),
    /** The manufacturer's page the banner opens in a new tab. */
    url: z.string(),
    /** Longer text of the feature page. */
    description: z.string(),
    /** The feature page's title and heading (the card's title when absent). */
    pageTitle: z.string().optional(),
    /** The feature page's meta description (the tagline when absent). */
    pageDescription: z.string().optional(),
  })
  .meta({ id: 'GpuAd' });

export const noticeSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    /** e.g. 'May, 2025' */
    dateLabel: z.string(),
    /** Its heading; absent: "Under construction". */
    title: z.string().optional(),
    /** The last day (YYYY-MM-DD, UTC) the notice shows; absent: it shows until removed. */
    hideAfter: z.string().optional(),
  })
  .meta({ id: 'Notice' });

export const siteContentSchema = z
  .object({
    profile: siteProfileSchema,
    career: z.array(careerHighlightSchema),
    projects: z.array(projectCardSchema),
    ads: z.array(gpuAdSchema),
    notices: z.array(noticeSchema),
  })
  .meta({ id: 'SiteContent' });

export const galleryItemSchema = z
  .object({
    id: z.string(),
    /** Full picture path. */
    img: z.string(),
    /** Thumbnail path (requested at width 248 with crop fit, auto format, 2x). */
    thumb: z.string(),
    /** The model that made it. */
    title: z.string(),
    /** Handle, shown as 'by: author'. */
    author: z.string(),
    width: z.int(),
    height: z.int(),
    /** A video item's file (WebM or MP4), which the viewer plays; `img` and `thumb` are its poster. Absent for a picture. */
    video: z.string().optional(),
  })
  .meta({ id: 'GalleryItem' });

export const exhibitItemSchema = z
  .object({ id: z.string(), model: z.string(), picturePath: z.string(), width: z.int(), height: z.int() })
  .meta({ id: 'ExhibitItem' });

export const resourceLinkSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    channel: z.string(),
    site: z.string(),
    url: z.string(),
    /** Same as url (spec). */
    idu: z.string(),
    note: z.string(),
    icon: z.enum(RESOURCE_ICONS),
    fmat: z.enum(Object.keys(RESOURCE_FORMATS) as [ResourceFormatCode, ...ResourceFormatCode[]]),
    format: z.enum(Object.values(RESOURCE_FORMATS) as [ResourceFormat, ...ResourceFormat[]]),
  })
  .meta({ id: 'ResourceLink' });

export const trendingUserSchema = z
  .object({ _id: z.string(), firstName: z.string(), lastName: z.string(), picturePath: z.string(), location: z.string() })
  .meta({ id: 'TrendingUser' });

export const adminProjectSchema = projectCardSchema.extend({ page: projectPageSchema }).meta({ id: 'AdminProject' });

export const adminGalleryItemSchema = galleryItemSchema
  .extend({
    /** SHA-256 of the picture's bytes (`atelier gallery import` skips pictures the gallery has); null when unknown. */
    contentHash: z.string().nullable(),
  })
  .meta({ id: 'AdminGalleryItem' });

/** A page's document title, meta description and, where it differs from the title, its visible heading. */
export const pageTextSchema = z.object({ title: z.string(), description: z.string(), heading: z.string().optional() }).meta({ id: 'PageText' });

export const citadelGroupSchema = z
  .object({
    heading: z.string(),
    links: z.array(z.object({ label: z.string(), href: z.string(), note: z.string() })),
  })
  .meta({ id: 'CitadelGroup' });


export const siteSettingsSchema = z
  .object({
    /** The site's name: the end of project and feature pages' titles, and the footer's by default. */
    siteName: z.string(),
    /** What the logo in the header and footer reads. */
    logoText: z.string(),
    footer: z.object({
      /** After the ©. */
      name: z.string(),
      /** The year after the ©; 'current' follows the clock. */
      year: z.union([z.int(), z.literal('current')]),
    }),
    pages: z.object(Object.fromEntries(SITE_PAGE_KEYS.map((key) => [key, pageTextSchema])) as Record<(typeof SITE_PAGE_KEYS)[number], typeof pageTextSchema>),
    /** Whether the wide home page shows its third column of Gen AI gallery thumbnails. */
    genAiColumn: z.boolean(),
    /** The note above the /dev links; absent: none. */
    resourcesNote: z.string().optional(),
    /** The restricted pages (/ll1l1l1ll, /citadel): the warning, the video test's line, the Citadel's links. */
    restricted: z.object({
      warningTitle: z.string(),
      warningText: z.string(),
      videoTestLabel: z.string(),
      videoTestNote: z.string(),
      citadel: z.array(citadelGroupSchema),
    }),
  })
  .meta({ id: 'SiteSettings' });
