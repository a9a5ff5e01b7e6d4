import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ChangeNotifier } from '../../db/change-notifier';
import type { Transaction } from '../../db/transaction';
import { mediaDir, STORED_NAME } from '../media/media-paths';
import { FEED_TOPIC } from './feed-cache';
import { PostsRepository } from './posts.repository';

/**
 * Posts' part of removing members for good (the demo's: `atelier demo remove --members`): their
 * posts with the likes and comments on them, in the transaction that removes the members (whose own
 * likes and comments elsewhere go with them).
 */
@Injectable()
export class MemberPosts {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsRepository,
    private readonly notifier: ChangeNotifier,
  ) {}

  /** Answers what went and the pictures no remaining post shows, to delete once `tx` commits. */
  async remove(tx: Transaction, memberIds: readonly string[]): Promise<{ posts: number; likes: number; comments: number; files: string[] }> {
    const counts = await this.posts.countOfMembers(tx, memberIds);
    const pictures = await this.posts.deleteByAuthors(tx, memberIds);
    const files = pictures.filter((name) => STORED_NAME.test(name)).map((name) => path.join(mediaDir(this.config.dataDir, 'posts'), name));
    return { ...counts, files };
  }

  /**
   * Once the removal has committed: every process drops its feed pages. Their likes and comments were
   * on anyone's posts, so no narrower change says which pages held them.
   */
  removed(): Promise<void> {
    return this.notifier.publish(FEED_TOPIC);
  }
}
