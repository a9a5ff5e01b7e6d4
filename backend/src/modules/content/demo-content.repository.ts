import { Inject, Injectable } from '@nestjs/common';
import type { SiteProfile } from '@atelier/contracts';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
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
import { siteSettings } from '../../db/schema/site-settings.table';
import { trendingUsers } from '../../db/schema/trending-users.table';
import type { Transaction } from '../../db/transaction';
import type { DemoContentIdentity } from './demo-content-identity';

/** Matches no row: an empty list of identities must never turn into a delete without a condition. */
const NONE = sql`false`;
const anyOf = (conditions: Array<SQL | undefined>) => (conditions.length > 0 ? (or(...conditions) ?? NONE) : NONE);
const oneOf = <T>(column: Parameters<typeof inArray>[0], values: readonly T[]) => (values.length > 0 ? inArray(column, [...values]) : NONE);

/** Thrown out of a dry run's transaction so that it rolls back, carrying what the work answered. */
class DryRunDone<T> extends Error {
  constructor(readonly answer: T) {
    super('dry run: rolled back');
  }
}

/** The rows a removal deleted, by collection, as they were stored. */
export interface RemovedDemoRows {
  career: Array<typeof careerHighlights.$inferSelect>;
  projects: Array<typeof projects.$inferSelect>;
  ads: Array<typeof gpuAds.$inferSelect>;
  notices: Array<typeof notices.$inferSelect>;
  gallery: Array<typeof galleryItems.$inferSelect>;
  exhibit: Array<typeof exhibitItems.$inferSelect>;
  trending: Array<typeof trendingUsers.$inferSelect>;
}

/** The content tables' part of `atelier demo remove`: the seed's rows, found by what identifies them, in one transaction. */
@Injectable()
export class DemoContentRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Runs `work` in one transaction. A dry run rolls it back once `work` has answered, and answers the
   * same: what the removal would do is found by doing it, so the two cannot disagree.
   */
  async transaction<T>(dryRun: boolean, work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        const answer = await work(tx);
        if (dryRun) throw new DryRunDone(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof DryRunDone) return (error as DryRunDone<T>).answer;
      throw error;
    }
  }

  async removeRows(tx: Transaction, demo: DemoContentIdentity): Promise<RemovedDemoRows> {
    return {
      career: await tx
        .delete(careerHighlights)
        .where(anyOf(demo.career.map(({ company, role }) => and(eq(careerHighlights.company, company), eq(careerHighlights.role, role)))))
        .returning(),
      projects: await tx.delete(projects).where(oneOf(projects.slug, demo.projects)).returning(),
      ads: await tx.delete(gpuAds).where(oneOf(gpuAds.slug, demo.ads)).returning(),
      notices: await tx.delete(notices).where(oneOf(notices.text, demo.notices)).returning(),
      gallery: await tx.delete(galleryItems).where(oneOf(galleryItems.img, demo.pictures)).returning(),
      exhibit: await tx.delete(exhibitItems).where(oneOf(exhibitItems.picturePath, demo.pictures)).returning(),
      trending: await tx
        .delete(trendingUsers)
        .where(
          anyOf(demo.trending.map(({ firstName, lastName }) => and(eq(trendingUsers.firstName, firstName), eq(trendingUsers.lastName, lastName)))),
        )
        .returning(),
    };
  }

  /** The profile card, locked until the transaction ends (its patents are rewritten from what it holds). */
  async lockedProfile(tx: Transaction): Promise<SiteProfile | undefined> {
    const [row] = await tx.select({ profile: siteProfile.profile }).from(siteProfile).where(eq(siteProfile.id, SITE_PROFILE_ID)).for('update');
    return row?.profile;
  }

  async saveProfile(tx: Transaction, profile: SiteProfile): Promise<void> {
    await tx.update(siteProfile).set({ profile, updatedAt: new Date() }).where(eq(siteProfile.id, SITE_PROFILE_ID));
  }

  /** Every content row and document left, as stored: what may still name a file. */
  async remainingContent(tx: Transaction): Promise<unknown[]> {
    const tables = [careerHighlights, projects, gpuAds, notices, galleryItems, exhibitItems, resourceLinks, trendingUsers, siteProfile, siteSettings];
    const rows: unknown[] = [];
    // One after the other: a transaction is one connection.
    for (const table of tables) rows.push(...(await tx.select().from(table)));
    return rows;
  }
}
