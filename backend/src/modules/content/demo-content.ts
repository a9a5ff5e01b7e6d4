import { Inject, Injectable } from '@nestjs/common';
import type { DemoContentKind, Patent } from '@atelier/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { Transaction } from '../../db/transaction';
import { mediaFileOf } from '../media/media-paths';
import { DEMO_CONTENT_IDENTITY, type DemoContentIdentity } from './demo-content-identity';
import { DemoContentRepository } from './demo-content.repository';

/** What the removal of the demo's content took, and what went with it in the same transaction. */
export interface DemoContentRemoval<T> {
  counts: Record<DemoContentKind, number>;
  /** Files the seed wrote that removed rows named and no remaining one does: deleted once the transaction commits. */
  files: string[];
  /** What `alsoRemove` answered. */
  also: T;
}

/** Every `/assets/...` string anywhere in a stored row or document (a project's page names several). */
function assetPaths(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/assets/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(assetPaths);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.values(value).flatMap(assetPaths);
  return [];
}

const samePatent = (a: Patent, b: Patent) => a.title === b.title && a.year === b.year && a.number === b.number && a.url === b.url;

/**
 * The showcase seed's fictional content (`atelier demo remove`): the stand-in's career, patents,
 * projects, GPU ads, notice, trending people, gallery and exhibit pictures, each known by what the
 * seed identifies it by (DemoContentIdentity), so an item the owner edited but that keeps its seed
 * identity goes, and one the owner added stays. The developer resources are real links and stay.
 */
@Injectable()
export class DemoContent {
  constructor(
    private readonly rows: DemoContentRepository,
    @Inject(DEMO_CONTENT_IDENTITY) private readonly demo: DemoContentIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Removes the demo's rows, and whatever `alsoRemove` removes (the demo's members), in one
   * transaction: no half-removed demo. A dry run does the same and rolls it all back. Files are
   * only named here; the caller deletes them once the transaction has committed.
   */
  async remove<T>(dryRun: boolean, alsoRemove: (tx: Transaction) => Promise<T>): Promise<DemoContentRemoval<T>> {
    return this.rows.transaction(dryRun, async (tx) => {
      const removed = await this.rows.removeRows(tx, this.demo);
      const patents = await this.removePatents(tx);
      const also = await alsoRemove(tx);
      const stillNamed = new Set(assetPaths(await this.rows.remainingContent(tx)));
      const unnamed = new Set(assetPaths(Object.values(removed)).filter((sitePath) => this.demo.isSeedFile(sitePath) && !stillNamed.has(sitePath)));
      const counts = {
        career: removed.career.length,
        patents,
        projects: removed.projects.length,
        ads: removed.ads.length,
        notices: removed.notices.length,
        gallery: removed.gallery.length,
        exhibit: removed.exhibit.length,
        trending: removed.trending.length,
      };
      return { counts, files: [...unnamed].map((sitePath) => mediaFileOf(this.config.dataDir, sitePath)), also };
    });
  }

  /** Takes the seed's patents off the card, those still as the seed wrote them; the owner's stay. Answers how many went. */
  private async removePatents(tx: Transaction): Promise<number> {
    const profile = await this.rows.lockedProfile(tx);
    if (!profile) return 0;
    const kept = profile.patents.filter((patent) => !this.demo.patents.some((seeded) => samePatent(patent, seeded)));
    if (kept.length < profile.patents.length) await this.rows.saveProfile(tx, { ...profile, patents: kept });
    return profile.patents.length - kept.length;
  }
}
