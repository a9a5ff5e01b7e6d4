// Rows to the contract shapes (contracts/src/content.ts): only the fields the contract names, so no
// internal column (position, created_at, content_hash) reaches a public answer.
import {
  RESOURCE_FORMATS,
  type CareerHighlight,
  type ExhibitItem,
  type GalleryItem,
  type GpuAd,
  type Notice,
  type ProjectCard,
  type ProjectPage,
  type ResourceFormatCode,
  type ResourceIcon,
  type ResourceLink,
  type TrendingUser,
} from '@atelier/contracts';
import type { RowOf } from './content.repository';
import { renderMarkdown } from './markdown';

export const toCareerHighlight = ({ id, company, role, period, summary }: RowOf<'career'>): CareerHighlight => ({
  id,
  company,
  role,
  period,
  summary,
});

export const toProjectCard = (row: RowOf<'projects'>): ProjectCard => ({
  slug: row.slug,
  title: row.title,
  period: row.period,
  role: row.role,
  image: row.image,
  imageAlt: row.imageAlt,
  bulletsLeft: row.bulletsLeft,
  bulletsRight: row.bulletsRight,
  narrative: row.narrative,
  chips: row.chips,
  listTitle: row.listTitle,
  listAuthor: row.listAuthor,
  featured: row.featured,
});

export const toProjectPage = ({ slug, page }: RowOf<'projects'>): ProjectPage => ({
  slug,
  title: page.title,
  subtitle: page.subtitle,
  blocks: page.blocks.map((block) => (block.kind === 'markdown' ? { ...block, html: renderMarkdown(block.markdown) } : block)),
});

export const toGpuAd = ({ slug, image, imageAlt, title, domain, tagline, url, description, pageTitle, pageDescription }: RowOf<'ads'>): GpuAd => ({
  slug,
  image,
  imageAlt,
  title,
  domain,
  tagline,
  url,
  description,
  ...(pageTitle === null ? {} : { pageTitle }),
  ...(pageDescription === null ? {} : { pageDescription }),
});

export const toNotice = ({ id, text, dateLabel, title, hideAfter }: RowOf<'notices'>): Notice => ({
  id,
  text,
  dateLabel,
  ...(title === null ? {} : { title }),
  ...(hideAfter === null ? {} : { hideAfter }),
});

/** Whether a notice still shows on `today` (YYYY-MM-DD, UTC): through its hideAfter day, and always without one. */
export const isNoticeShown = (notice: Pick<RowOf<'notices'>, 'hideAfter'>, today: string): boolean =>
  notice.hideAfter === null || notice.hideAfter >= today;

export const toGalleryItem = ({ id, img, thumb, title, author, width, height, video }: RowOf<'gallery'>): GalleryItem => ({
  id,
  img,
  thumb,
  title,
  author,
  width,
  height,
  ...(video ? { video } : {}),
});

export const toExhibitItem = ({ id, model, picturePath, width, height }: RowOf<'exhibit'>): ExhibitItem => ({
  id,
  model,
  picturePath,
  width,
  height,
});

export function toResourceLink(row: RowOf<'resources'>): ResourceLink {
  const fmat = row.fmat as ResourceFormatCode;
  return {
    id: row.id,
    title: row.title,
    channel: row.channel,
    site: row.site,
    url: row.url,
    idu: row.idu,
    note: row.note,
    icon: row.icon as ResourceIcon,
    fmat,
    format: RESOURCE_FORMATS[fmat],
  };
}

export const toTrendingUser = ({ id, firstName, lastName, picturePath, location }: RowOf<'trending'>): TrendingUser => ({
  _id: id,
  firstName,
  lastName,
  picturePath,
  location,
});
