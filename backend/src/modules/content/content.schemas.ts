// Request schemas of the admin content API (/api/admin/content/*): strict (unknown fields are
// refused), every string bounded, URLs http(s) only, pictures only under /assets/.
import { FIELD_MESSAGES, RESOURCE_FORMATS, RESOURCE_ICONS, SITE_PAGE_KEYS, SOCIAL_LIMITS, type ResourceFormatCode } from '@atelier/contracts';
import { z } from 'zod';
import { requiredText, uuidParam } from '../../common/validation/fields';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;
const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? FIELD_MESSAGES.required : message);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A link that leaves the site. */
const httpUrl = requiredText(2000).refine(isHttpUrl, 'must be an http(s) URL');

/** A link that may also stay on the site (`/project/atelier`); `//host` would leave it, so it is refused. */
const linkUrl = requiredText(2000).refine(
  (value) => isHttpUrl(value) || /^\/(?!\/)[^\s\\]*$/.test(value),
  'must be an http(s) URL or a site path starting with /',
);

/** A file the site serves itself: `/assets/<folder>/<file>`, plain names only (no `..`, no query). */
const assetPath = requiredText(500).refine(
  (value) => /^\/assets(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(value) && !value.split('/').some((part) => /^\.+$/.test(part)),
  'must be a site path starting with /assets/ (letters, digits, . _ - and /)',
);

/** A PDF the site serves (the owner's CV, uploaded with `atelier site cv`). */
const pdfPath = assetPath.refine((value) => /\.pdf$/i.test(value), 'must be a .pdf file');

const optionalText = (max: number) =>
  z.string({ error: 'must be text' }).trim().max(max, FIELD_MESSAGES.tooLong(max)).optional();

/** Text that may be left out; empty text counts as left out, so the page draws nothing for it. */
const optionalNote = (max: number) => optionalText(max).transform((value) => value || undefined);

const whole = (min: number, max: number) =>
  z
    .number({ error: missingOr('must be a whole number') })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const list = <T extends z.ZodType>(item: T, max: number, min = 0) =>
  z
    .array(item, { error: missingOr('must be a list') })
    .min(min, min === 1 ? 'must have at least one entry' : `must have at least ${min} entries`)
    .max(max, `must have at most ${max} entries`);

const flag = z.boolean({ error: missingOr('must be true or false') });

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = requiredText(80).regex(SLUG_PATTERN, 'must be lower-case letters, digits and single dashes, such as my-project');

const colour = requiredText(7).regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a hex colour such as #3776ab');
const chip = z.strictObject({ name: requiredText(40), color: colour });
const contentLink = z.strictObject({ label: requiredText(120), url: linkUrl });
const dimension = whole(1, 20_000);

// Site profile -----------------------------------------------------------------------------------

export const siteProfileBody = z.strictObject({
  ownerName: requiredText(100),
  headline: requiredText(200),
  photo: assetPath,
  photoAlt: requiredText(200),
  summary: requiredText(2000),
  skills: list(z.strictObject({ name: requiredText(80), years: whole(0, 80) }), 30),
  // A patent's number and link are the owner's to give: until then the card shows its title and year.
  patents: list(z.strictObject({ title: requiredText(300), number: optionalText(60), url: httpUrl.optional(), year: whole(1900, 2100) }), 20),
  availability: list(requiredText(300), 10),
  // Optional: a card without the note draws none.
  moreToCome: optionalNote(500),
  links: list(contentLink, 20),
  cv: pdfPath.optional(),
});
export type SiteProfileBody = z.output<typeof siteProfileBody>;

// Site settings ----------------------------------------------------------------------------------

/** Fields in an object of their own; a missing one is 'required' like any field. */
const group = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: missingOr(`must be an object with ${Object.keys(shape).join(', ')}`) });

const pageText = group({ title: requiredText(200), description: requiredText(500), heading: optionalNote(200) });

export const siteSettingsBody = z.strictObject({
  siteName: requiredText(60),
  logoText: requiredText(40),
  footer: group({
    name: requiredText(100),
    year: z.union([whole(1900, 2200), z.literal('current')], { error: missingOr('must be a year such as 2025, or current') }),
  }),
  pages: group(
    Object.fromEntries(SITE_PAGE_KEYS.map((key) => [key, pageText])) as Record<(typeof SITE_PAGE_KEYS)[number], typeof pageText>,
  ),
  genAiColumn: flag,
  resourcesNote: optionalNote(2000),
  restricted: group({
    warningTitle: requiredText(200),
    warningText: requiredText(2000),
    videoTestLabel: requiredText(120),
    videoTestNote: requiredText(500),
    citadel: list(
      group({ heading: requiredText(120), links: list(group({ label: requiredText(120), href: linkUrl, note: requiredText(500) }), 30) }),
      10,
    ),
  }),
});
export type SiteSettingsBody = z.output<typeof siteSettingsBody>;

// Project pages ----------------------------------------------------------------------------------

const heading = optionalText(200);
const BLOCK_KINDS = ['text', 'chips', 'videos', 'links', 'profile-card', 'licence', 'markdown', 'gallery'] as const;

const projectBlock = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('text'), heading, paragraphs: list(requiredText(5000), 50, 1) }),
    z.strictObject({ kind: z.literal('chips'), heading, chips: list(chip, 40, 1) }),
    z.strictObject({
      kind: z.literal('videos'),
      heading,
      videos: list(z.strictObject({ src: assetPath, poster: assetPath.optional(), caption: requiredText(300) }), 10, 1),
    }),
    z.strictObject({
      kind: z.literal('links'),
      heading,
      links: list(z.strictObject({ label: requiredText(120), url: linkUrl, note: optionalText(500) }), 30, 1),
    }),
    z.strictObject({
      kind: z.literal('profile-card'),
      name: requiredText(100),
      subtitle: requiredText(200),
      picture: assetPath,
      friends: whole(0, 1_000_000_000),
      counters: list(z.strictObject({ label: requiredText(80), value: whole(0, 1_000_000_000) }), 10),
      rows: list(z.strictObject({ label: requiredText(80), value: requiredText(200) }), 20),
    }),
    z.strictObject({ kind: z.literal('licence'), name: requiredText(100), text: requiredText(20_000) }),
    // Rendered to HTML when read (markdown.ts); the HTML is the server's, never taken from a client.
    z.strictObject({ kind: z.literal('markdown'), heading, markdown: requiredText(50_000) }),
    z.strictObject({
      kind: z.literal('gallery'),
      heading,
      items: list(
        z.strictObject({ src: assetPath, poster: assetPath.optional(), caption: optionalNote(300), width: dimension.optional(), height: dimension.optional() }),
        60,
        1,
      ),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? missingOr(oneOf(BLOCK_KINDS))(issue) : undefined) },
);

const projectPage = z.strictObject({ title: requiredText(200), subtitle: requiredText(300), blocks: list(projectBlock, 50) });

// Collections ------------------------------------------------------------------------------------

/**
 * Each collection's fields, without defaults: PATCH takes any of them (a default there would
 * overwrite what the owner did not mention), POST adds the defaults and requires the rest.
 */
const careerFields = { company: requiredText(120), role: requiredText(160), period: requiredText(60), summary: requiredText(1000) };

const projectFields = {
  title: requiredText(200),
  period: requiredText(60),
  role: requiredText(200),
  image: assetPath,
  imageAlt: requiredText(200),
  bulletsLeft: list(requiredText(300), 20),
  bulletsRight: list(requiredText(300), 20),
  narrative: requiredText(5000),
  chips: list(chip, 40),
  listTitle: requiredText(120),
  listAuthor: requiredText(200),
  featured: flag,
  page: projectPage,
};

const adFields = {
  image: assetPath,
  imageAlt: requiredText(200),
  title: requiredText(200),
  domain: requiredText(100),
  tagline: requiredText(300),
  url: httpUrl,
  description: requiredText(5000),
  // null clears them: the page then shows the card's title and tagline.
  pageTitle: requiredText(200).nullable(),
  pageDescription: requiredText(500).nullable(),
};

/** A calendar day, YYYY-MM-DD, that exists. */
const day = requiredText(10).refine((value) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: the day must come back as written.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}, 'must be a date such as 2026-12-31');

const noticeFields = {
  text: requiredText(1000),
  dateLabel: requiredText(60),
  /** Its heading; null: "Under construction". */
  title: requiredText(120).nullable(),
  /** The last day it shows (UTC); null shows it until it is removed. */
  hideAfter: day.nullable(),
};

/** A SHA-256 of the picture's bytes, as `atelier gallery import` computes it; null forgets it. */
const contentHash = z
  .string({ error: 'must be text' })
  .regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest (64 characters 0-9 a-f)')
  .nullable();

/** A video the site serves: WebM or MP4, the formats every current browser plays in <video>. */
const videoPath = assetPath.refine((value) => /\.(webm|mp4)$/i.test(value), 'must be a .webm or .mp4 file');

const galleryFields = {
  img: assetPath,
  thumb: assetPath,
  title: requiredText(120),
  author: requiredText(120),
  width: dimension,
  height: dimension,
  /** A video item's file; its poster is `img` (and `thumb`). null makes it a picture again. */
  video: videoPath.nullable(),
  contentHash,
};

const exhibitFields = { model: requiredText(120), picturePath: assetPath, width: dimension, height: dimension };

const RESOURCE_FORMAT_CODES = Object.keys(RESOURCE_FORMATS) as ResourceFormatCode[];
const resourceFields = {
  title: requiredText(300),
  channel: requiredText(120),
  site: requiredText(120),
  url: httpUrl,
  /** A resource link's `idu` (docs/requirements/public-pages.md#developer-resources): the same as the url unless given. */
  idu: httpUrl,
  note: requiredText(1000),
  icon: z.enum(RESOURCE_ICONS, { error: missingOr(oneOf(RESOURCE_ICONS)) }),
  fmat: z.enum(RESOURCE_FORMAT_CODES, { error: missingOr(oneOf(RESOURCE_FORMAT_CODES)) }),
  // The label always follows the code; accepting both could let them disagree.
  format: z.never({ error: 'follows fmat; set fmat instead' }).optional(),
};

const trendingFields = {
  firstName: requiredText(SOCIAL_LIMITS.firstName),
  lastName: requiredText(SOCIAL_LIMITS.lastName),
  picturePath: assetPath,
  location: requiredText(SOCIAL_LIMITS.location),
};

type Shape = z.ZodRawShape;

/** PATCH: any subset of the fields, at least one. */
function updateOf<S extends Shape>(fields: S) {
  return z
    .strictObject(fields)
    .partial()
    .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' });
}

const dropFormat = <T extends { format?: unknown }>({ format: _format, ...rest }: T) => rest;

export const createBodies = {
  career: z.strictObject(careerFields),
  // What a new project needs: its slug, title, period, role, cover and a few sentences; the rest
  // follows from those until the owner says otherwise (the list entry names it, its page says it).
  projects: z
    .strictObject({
      slug,
      ...projectFields,
      imageAlt: projectFields.imageAlt.optional(),
      bulletsLeft: projectFields.bulletsLeft.default([]),
      bulletsRight: projectFields.bulletsRight.default([]),
      chips: projectFields.chips.default([]),
      listTitle: projectFields.listTitle.optional(),
      listAuthor: projectFields.listAuthor.optional(),
      featured: flag.default(true),
      page: projectPage.optional(),
    })
    .transform(({ imageAlt, listTitle, listAuthor, page, ...project }) => ({
      ...project,
      imageAlt: imageAlt ?? project.title,
      listTitle: listTitle ?? project.title,
      listAuthor: listAuthor ?? (project.chips.map((chip) => chip.name).join(', ') || project.role),
      page: page ?? { title: project.title, subtitle: `${project.role}, ${project.period}`, blocks: [{ kind: 'text' as const, paragraphs: [project.narrative] }] },
    })),
  ads: z.strictObject({ slug, ...adFields, pageTitle: adFields.pageTitle.default(null), pageDescription: adFields.pageDescription.default(null) }),
  notices: z.strictObject({ ...noticeFields, title: noticeFields.title.default(null), hideAfter: noticeFields.hideAfter.default(null) }),
  gallery: z.strictObject({ ...galleryFields, video: galleryFields.video.default(null), contentHash: contentHash.default(null) }),
  exhibit: z.strictObject(exhibitFields),
  resources: z
    .strictObject({ ...resourceFields, idu: resourceFields.idu.optional() })
    .transform(({ idu, ...link }) => dropFormat({ ...link, idu: idu ?? link.url })),
  trending: z.strictObject(trendingFields),
};

export const updateBodies = {
  career: updateOf(careerFields),
  projects: updateOf(projectFields),
  ads: updateOf(adFields),
  notices: updateOf(noticeFields),
  gallery: updateOf(galleryFields),
  exhibit: updateOf(exhibitFields),
  // A new url takes idu along unless idu is given too: they are equal (docs/requirements/public-pages.md#developer-resources).
  resources: updateOf(resourceFields).transform((link) =>
    dropFormat(link.url !== undefined && link.idu === undefined ? { ...link, idu: link.url } : link),
  ),
  trending: updateOf(trendingFields),
};

export type CollectionName = keyof typeof createBodies;
export type CreateBody<N extends CollectionName> = z.output<(typeof createBodies)[N]>;
export type UpdateBody<N extends CollectionName> = z.output<(typeof updateBodies)[N]>;

/** POST /api/admin/content/gallery/upload: the picture comes as a file; these are its labels. */
export const galleryUploadFields = z.strictObject({ title: galleryFields.title, author: galleryFields.author });
export type GalleryUploadFields = z.output<typeof galleryUploadFields>;

export const uuidKeyParams = (noun: string) => z.strictObject({ id: uuidParam(noun) });
export const slugKeyParams = z.strictObject({ id: slug });

/** The whole list in its new order: every existing id exactly once. */
export const reorderBody = z.strictObject({ ids: list(requiredText(100), 10_000) });
