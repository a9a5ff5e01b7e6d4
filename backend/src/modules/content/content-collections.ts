import type { AdminGalleryItem, AdminProject } from '@atelier/contracts';
import {
  adminGalleryItemSchema,
  adminProjectSchema,
  careerHighlightSchema,
  exhibitItemSchema,
  gpuAdSchema,
  noticeSchema,
  resourceLinkSchema,
  trendingUserSchema,
} from '@atelier/contracts/schemas';
import type { z } from 'zod';
import type { NewRowOf, RowOf } from './content.repository';
import type { CollectionName, CreateBody, UpdateBody } from './content.schemas';
import {
  toCareerHighlight,
  toExhibitItem,
  toGalleryItem,
  toGpuAd,
  toNotice,
  toProjectCard,
  toProjectPage,
  toResourceLink,
  toTrendingUser,
} from './content.serializers';

/**
 * What the admin API answers for an item of each collection (the OpenAPI document's shapes): the
 * project's card with its page, the gallery item with the hash of its picture, the rest as the public API.
 */
const ADMIN_SCHEMAS = {
  career: careerHighlightSchema,
  projects: adminProjectSchema,
  ads: gpuAdSchema,
  notices: noticeSchema,
  gallery: adminGalleryItemSchema,
  exhibit: exhibitItemSchema,
  resources: resourceLinkSchema,
  trending: trendingUserSchema,
} satisfies Record<CollectionName, z.ZodType>;

/** What the admin API needs to know of one content collection (`/api/admin/content/<name>`). */
export interface ContentCollection<N extends CollectionName = CollectionName> {
  name: N;
  /** One item, for messages: 'must be a gallery item id', 'No gallery item …'. */
  noun: string;
  /** Rows are named by a generated uuid, or by the slug of their page route. */
  key: 'uuid' | 'slug';
  /** The shape of an item as the admin API answers it; toAdmin must make exactly that. */
  schema: (typeof ADMIN_SCHEMAS)[N];
  toAdmin(row: RowOf<N>): z.output<(typeof ADMIN_SCHEMAS)[N]>;
  /** What a unique violation on write means, when the table has a unique column besides its uuid. */
  unique?: { field: string; message: string };
}

export const COLLECTIONS: { [N in CollectionName]: ContentCollection<N> } = {
  career: { name: 'career', schema: ADMIN_SCHEMAS.career, noun: 'career highlight', key: 'uuid', toAdmin: toCareerHighlight },
  projects: {
    name: 'projects',
    schema: ADMIN_SCHEMAS.projects,
    noun: 'project',
    key: 'slug',
    toAdmin: (row): AdminProject => ({ ...toProjectCard(row), page: toProjectPage(row) }),
    unique: { field: 'slug', message: 'is already taken by another project' },
  },
  ads: {
    name: 'ads',
    schema: ADMIN_SCHEMAS.ads,
    noun: 'GPU ad',
    key: 'slug',
    toAdmin: toGpuAd,
    unique: { field: 'slug', message: 'is already taken by another ad' },
  },
  notices: { name: 'notices', schema: ADMIN_SCHEMAS.notices, noun: 'notice', key: 'uuid', toAdmin: toNotice },
  gallery: {
    name: 'gallery',
    schema: ADMIN_SCHEMAS.gallery,
    noun: 'gallery item',
    key: 'uuid',
    toAdmin: (row): AdminGalleryItem => ({ ...toGalleryItem(row), contentHash: row.contentHash }),
    unique: { field: 'contentHash', message: 'is already in the gallery' },
  },
  exhibit: { name: 'exhibit', schema: ADMIN_SCHEMAS.exhibit, noun: 'exhibit item', key: 'uuid', toAdmin: toExhibitItem },
  resources: { name: 'resources', schema: ADMIN_SCHEMAS.resources, noun: 'resource link', key: 'uuid', toAdmin: toResourceLink },
  trending: { name: 'trending', schema: ADMIN_SCHEMAS.trending, noun: 'trending user', key: 'uuid', toAdmin: toTrendingUser },
};

// What the schemas let through is exactly what the tables take: a schema that drifted from its table
// fails to compile here instead of failing at run time.
type Fits<A, B> = A extends B ? true : false;
const bodiesFitTables: { [N in CollectionName]: [Fits<CreateBody<N>, NewRowOf<N>>, Fits<UpdateBody<N>, Partial<NewRowOf<N>>>] } = {
  career: [true, true],
  projects: [true, true],
  ads: [true, true],
  notices: [true, true],
  gallery: [true, true],
  exhibit: [true, true],
  resources: [true, true],
  trending: [true, true],
};
void bodiesFitTables;
