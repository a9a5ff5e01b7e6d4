import type { GalleryItem, ProjectCard, ProjectPage } from '@atelier/contracts';
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

/** The admin API's project: its card and its page together. */
export type AdminProject = ProjectCard & { page: ProjectPage };
/** The admin API's gallery item also says which picture it holds (the CLI's import skips known ones). */
export type AdminGalleryItem = GalleryItem & { contentHash: string | null };

/** What the admin API needs to know of one content collection (`/api/admin/content/<name>`). */
export interface ContentCollection<N extends CollectionName = CollectionName> {
  name: N;
  /** One item, for messages: 'must be a gallery item id', 'No gallery item …'. */
  noun: string;
  /** Rows are named by a generated uuid, or by the slug of their page route. */
  key: 'uuid' | 'slug';
  toAdmin(row: RowOf<N>): unknown;
  /** What a unique violation on write means, when the table has a unique column besides its uuid. */
  unique?: { field: string; message: string };
}

export const COLLECTIONS: { [N in CollectionName]: ContentCollection<N> } = {
  career: { name: 'career', noun: 'career highlight', key: 'uuid', toAdmin: toCareerHighlight },
  projects: {
    name: 'projects',
    noun: 'project',
    key: 'slug',
    toAdmin: (row): AdminProject => ({ ...toProjectCard(row), page: toProjectPage(row) }),
    unique: { field: 'slug', message: 'is already taken by another project' },
  },
  ads: {
    name: 'ads',
    noun: 'GPU ad',
    key: 'slug',
    toAdmin: toGpuAd,
    unique: { field: 'slug', message: 'is already taken by another ad' },
  },
  notices: { name: 'notices', noun: 'notice', key: 'uuid', toAdmin: toNotice },
  gallery: {
    name: 'gallery',
    noun: 'gallery item',
    key: 'uuid',
    toAdmin: (row): AdminGalleryItem => ({ ...toGalleryItem(row), contentHash: row.contentHash }),
    unique: { field: 'contentHash', message: 'is already in the gallery' },
  },
  exhibit: { name: 'exhibit', noun: 'exhibit item', key: 'uuid', toAdmin: toExhibitItem },
  resources: { name: 'resources', noun: 'resource link', key: 'uuid', toAdmin: toResourceLink },
  trending: { name: 'trending', noun: 'trending user', key: 'uuid', toAdmin: toTrendingUser },
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
