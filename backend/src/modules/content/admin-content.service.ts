import { Injectable } from '@nestjs/common';
import { DEFAULT_SITE_SETTINGS, type SiteProfile, type SiteSettings } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { ContentCollection } from './content-collections';
import { profileMissing } from './content.errors';
import { ContentRepository, type NewRowOf } from './content.repository';
import type { CollectionName, CreateBody, UpdateBody } from './content.schemas';

/**
 * The owner's edits of the site content (`/api/admin/content/*`, `atelier <noun> ...`). Rows only:
 * pictures are files the owner uploads separately, so no write here touches a file.
 */
@Injectable()
export class AdminContentService {
  constructor(private readonly content: ContentRepository) {}

  async profile(): Promise<SiteProfile> {
    const profile = await this.content.profile();
    if (!profile) throw profileMissing();
    return profile;
  }

  saveProfile(profile: SiteProfile): Promise<SiteProfile> {
    return this.content.saveProfile(profile);
  }

  async settings(): Promise<SiteSettings> {
    return (await this.content.settings()) ?? DEFAULT_SITE_SETTINGS;
  }

  saveSettings(settings: SiteSettings): Promise<SiteSettings> {
    return this.content.saveSettings(settings);
  }

  async list<N extends CollectionName>(collection: ContentCollection<N>): Promise<unknown[]> {
    return (await this.content.list(collection.name)).map((row) => collection.toAdmin(row));
  }

  async get<N extends CollectionName>(collection: ContentCollection<N>, id: string): Promise<unknown> {
    const row = await this.content.find(collection.name, id);
    if (!row) throw notFound(collection, id);
    return collection.toAdmin(row);
  }

  async create<N extends CollectionName>(collection: ContentCollection<N>, body: CreateBody<N>): Promise<unknown> {
    const slug = collection.key === 'slug' ? (body as { slug: string }).slug : undefined;
    const row = await this.content
      .insert(collection.name, body as NewRowOf<N>)
      .catch((error: unknown) => rethrowConflict(collection, error, slug));
    return collection.toAdmin(row);
  }

  async update<N extends CollectionName>(collection: ContentCollection<N>, id: string, changes: UpdateBody<N>): Promise<unknown> {
    const row = await this.content
      .update(collection.name, id, changes as Partial<NewRowOf<N>>)
      .catch((error: unknown) => rethrowConflict(collection, error));
    if (!row) throw notFound(collection, id);
    return collection.toAdmin(row);
  }

  async remove(collection: ContentCollection, id: string): Promise<void> {
    if (!(await this.content.remove(collection.name, id))) throw notFound(collection, id);
  }

  /** Answers the list in its new order. */
  async reorder<N extends CollectionName>(collection: ContentCollection<N>, ids: string[]): Promise<unknown[]> {
    if (!(await this.content.reorder(collection.name, ids))) {
      throw new AppError('VALIDATION_FAILED', `The new order must list every ${collection.noun} exactly once`, [
        { field: 'ids', message: `must list every ${collection.noun} ${collection.key === 'slug' ? 'slug' : 'id'} exactly once` },
      ]);
    }
    return this.list(collection);
  }
}

const notFound = (collection: ContentCollection, id: string) =>
  new AppError('NOT_FOUND', `No ${collection.noun} ${collection.key === 'slug' ? `with slug '${id}'` : `with id ${id}`}`);

function rethrowConflict(collection: ContentCollection, error: unknown, slug?: string): never {
  if (!isUniqueViolation(error) || !collection.unique) throw error;
  const { field, message } = collection.unique;
  const what = slug ? `'${slug}'` : `this ${field}`;
  throw new AppError('CONFLICT', `Another ${collection.noun} already has ${what}`, [{ field, message }]);
}
