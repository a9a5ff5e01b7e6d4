import { Inject, Injectable } from '@nestjs/common';
import type { SiteProfile, SiteSettings } from '@atelier/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { careerHighlights } from '../../db/schema/career-highlights.table';
import { exhibitItems } from '../../db/schema/exhibit-items.table';
import { galleryItems } from '../../db/schema/gallery-items.table';
import { gpuAds } from '../../db/schema/gpu-ads.table';
import { notices } from '../../db/schema/notices.table';
import { projects } from '../../db/schema/projects.table';
import { resourceLinks } from '../../db/schema/resource-links.table';
import { SITE_PROFILE_ID, siteProfile } from '../../db/schema/site-profile.table';
import { SITE_SETTINGS_ID, siteSettings } from '../../db/schema/site-settings.table';
import { trendingUsers } from '../../db/schema/trending-users.table';
import type { CollectionName } from './content.schemas';

interface OrderedTable<T extends PgTable = PgTable> {
  table: T;
  /** `id` or `slug`: what the admin API names a row by. */
  key: PgColumn;
  position: PgColumn;
  createdAt: PgColumn;
}

const ordered = <T extends PgTable & { position: PgColumn; createdAt: PgColumn }>(table: T, key: PgColumn): OrderedTable<T> => ({
  table,
  key,
  position: table.position,
  createdAt: table.createdAt,
});

const TABLES = {
  career: ordered(careerHighlights, careerHighlights.id),
  projects: ordered(projects, projects.slug),
  ads: ordered(gpuAds, gpuAds.slug),
  notices: ordered(notices, notices.id),
  gallery: ordered(galleryItems, galleryItems.id),
  exhibit: ordered(exhibitItems, exhibitItems.id),
  resources: ordered(resourceLinks, resourceLinks.id),
  trending: ordered(trendingUsers, trendingUsers.id),
} satisfies Record<CollectionName, OrderedTable>;

type Tables = typeof TABLES;
export type RowOf<N extends CollectionName> = Tables[N]['table']['$inferSelect'];
export type NewRowOf<N extends CollectionName> = Omit<Tables[N]['table']['$inferInsert'], 'position' | 'createdAt'>;

/**
 * Every content table, read and written the same way: lists in the owner's order (position, then
 * creation), rows named by their key. The only file of the content module that speaks Drizzle.
 */
@Injectable()
export class ContentRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async list<N extends CollectionName>(name: N): Promise<RowOf<N>[]> {
    const { table, position, createdAt, key } = TABLES[name] as OrderedTable;
    return (await this.db.select().from(table).orderBy(asc(position), asc(createdAt), asc(key))) as RowOf<N>[];
  }

  async find<N extends CollectionName>(name: N, id: string): Promise<RowOf<N> | undefined> {
    const { table, key } = TABLES[name] as OrderedTable;
    const [row] = await this.db.select().from(table).where(eq(key, id));
    return row as RowOf<N> | undefined;
  }

  /** Added at the end of the list. */
  async insert<N extends CollectionName>(name: N, values: NewRowOf<N>): Promise<RowOf<N>> {
    const { table, position } = TABLES[name] as OrderedTable;
    const last = sql`(select coalesce(max(${position}), -1) + 1 from ${table})`;
    const [row] = await this.db
      .insert(table)
      .values({ ...values, position: last } as never)
      .returning();
    return row as RowOf<N>;
  }

  async update<N extends CollectionName>(name: N, id: string, changes: Partial<NewRowOf<N>>): Promise<RowOf<N> | undefined> {
    const { table, key } = TABLES[name] as OrderedTable;
    const [row] = await this.db
      .update(table)
      .set(changes as never)
      .where(eq(key, id))
      .returning();
    return row as RowOf<N> | undefined;
  }

  async remove(name: CollectionName, id: string): Promise<boolean> {
    const { table, key } = TABLES[name] as OrderedTable;
    const rows = await this.db.delete(table).where(eq(key, id)).returning({ key });
    return rows.length > 0;
  }

  /**
   * Gives the rows positions 0, 1, 2... in the order of `ids`, which must name every row exactly
   * once; answers false (and changes nothing) when it does not.
   */
  async reorder(name: CollectionName, ids: readonly string[]): Promise<boolean> {
    const { table, key } = TABLES[name] as OrderedTable;
    return this.db.transaction(async (tx) => {
      // Locked against a concurrent reorder or removal; a row added meanwhile keeps its place at the end.
      const rows = await tx.select({ key }).from(table).for('update');
      const existing = new Set(rows.map((row) => String(row.key)));
      if (new Set(ids).size !== ids.length || ids.length !== existing.size || !ids.every((id) => existing.has(id))) return false;
      for (const [index, id] of ids.entries()) {
        await tx
          .update(table)
          .set({ position: index } as never)
          .where(eq(key, id));
      }
      return true;
    });
  }

  async profile(): Promise<SiteProfile | undefined> {
    const [row] = await this.db.select({ profile: siteProfile.profile }).from(siteProfile).where(eq(siteProfile.id, SITE_PROFILE_ID));
    return row?.profile;
  }

  async saveProfile(profile: SiteProfile): Promise<SiteProfile> {
    const [row] = await this.db
      .insert(siteProfile)
      .values({ id: SITE_PROFILE_ID, profile })
      .onConflictDoUpdate({ target: siteProfile.id, set: { profile, updatedAt: new Date() } })
      .returning({ profile: siteProfile.profile });
    return row.profile;
  }

  async settings(): Promise<SiteSettings | undefined> {
    const [row] = await this.db.select({ settings: siteSettings.settings }).from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID));
    return row?.settings;
  }

  async saveSettings(settings: SiteSettings): Promise<SiteSettings> {
    const [row] = await this.db
      .insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, settings })
      .onConflictDoUpdate({ target: siteSettings.id, set: { settings, updatedAt: new Date() } })
      .returning({ settings: siteSettings.settings });
    return row.settings;
  }
}
