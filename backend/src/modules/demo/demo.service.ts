import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DEMO_CONTENT_KINDS, DEMO_MEMBER_KINDS, type DemoRemoval } from '@atelier/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { Transaction } from '../../db/transaction';
import { DemoContent } from '../content/demo-content';
import { pendingPicturesFor } from '../media/pending-pictures';
import { MemberPosts } from '../posts/member-posts.service';
import { DemoMembers } from '../users/demo-members.service';

interface MembersRemoval {
  members: number;
  posts: number;
  comments: number;
  likes: number;
  friendships: number;
  files: string[];
}

/**
 * The demo's fictional content, removed in one command (`atelier demo remove`): the showcase's rows
 * (content module) and, when asked, the Matrix Network's demo members with everything of theirs
 * (users and posts modules), all in one transaction; then the seed's files that nothing names any
 * more. A dry run (`GET /api/admin/demo`) goes through the same steps and rolls them back.
 */
@Injectable()
export class DemoService {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: DemoContent,
    private readonly members: DemoMembers,
    private readonly memberPosts: MemberPosts,
  ) {}

  async remove({ members, dryRun }: { members: boolean; dryRun: boolean }): Promise<DemoRemoval> {
    const removal = await this.content.remove(dryRun, (tx) => (members ? this.removeMembers(tx) : Promise.resolve(undefined)));
    const ofMembers = removal.also;
    if (!dryRun && ofMembers && ofMembers.members > 0) {
      // Before their files go: no process keeps serving a feed page that shows them.
      await this.memberPosts.removed();
      await this.members.removed();
    }
    const pictures = await this.deleteFiles([...removal.files, ...(ofMembers?.files ?? [])], dryRun);
    const memberCounts = ofMembers && Object.fromEntries(DEMO_MEMBER_KINDS.map((kind) => [kind, ofMembers[kind]]));
    const report: DemoRemoval = { dryRun, ...removal.counts, pictures, ...memberCounts };
    const kinds = [...DEMO_CONTENT_KINDS, 'pictures', ...(ofMembers ? DEMO_MEMBER_KINDS : [])] as const;
    if (!dryRun && kinds.some((kind) => (report[kind] ?? 0) > 0)) {
      this.logger.log(`Demo content removed: ${kinds.map((kind) => `${kind} ${report[kind] ?? 0}`).join(', ')}`);
    }
    return report;
  }

  /** The members first go with their posts (posts module), then themselves (users module), in the content's transaction. */
  private async removeMembers(tx: Transaction): Promise<MembersRemoval> {
    const ids = await this.members.ids(tx);
    const posts = await this.memberPosts.remove(tx, ids);
    const members = await this.members.remove(tx, ids);
    return {
      members: members.members,
      posts: posts.posts,
      comments: posts.comments,
      likes: posts.likes,
      friendships: members.friendships,
      files: [...posts.files, ...members.files],
    };
  }

  /**
   * Deletes the files once the rows that named them are gone (a dry run only looks); answers how many
   * there were. A file that cannot be deleted is logged and not counted: the rows are gone all the same.
   */
  private async deleteFiles(files: readonly string[], dryRun: boolean): Promise<number> {
    // A first start draws the seed's pictures after it answers: one not drawn yet is taken out of the
    // queue (never drawn, so never written after its deletion), and counted as a file that goes.
    const pending = pendingPicturesFor(this.config.dataDir);
    const removing = new Set(files.map((file) => path.resolve(file)));
    const withdrawn = new Set<string>();
    let deleted = 0;
    for (const file of removing) {
      if (withdrawn.has(file) || (dryRun && pending.has(file))) {
        deleted += 1;
        continue;
      }
      const never = dryRun ? [] : ((await pending.withdraw(file, removing)) ?? []);
      if (never.length > 0) {
        for (const name of never) withdrawn.add(name);
        deleted += 1;
        continue;
      }
      const present = await fs.stat(file).then(
        (stats) => stats.isFile(),
        () => false,
      );
      if (!present) continue;
      if (!dryRun) {
        const failed = await fs.rm(file, { force: true }).then(
          () => false,
          (error: unknown) => {
            this.logger.warn({ err: error, file }, 'Could not delete a file of the demo');
            return true;
          },
        );
        if (failed) continue;
      }
      deleted += 1;
    }
    return deleted;
  }
}
