import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ChangeNotifier } from '../../db/change-notifier';
import type { Transaction } from '../../db/transaction';
import { mediaDir, STORED_NAME } from '../media/media-paths';
import { DEMO_MEMBERS } from './demo-members';
import { DemoMembersRepository } from './demo-members.repository';
import { MEMBERS_TOPIC } from './members-topic';

/** The demo's members by email; the guest is the template of guest sandboxes and stays. */
const REMOVABLE_EMAILS = Object.entries(DEMO_MEMBERS)
  .filter(([key]) => key !== 'guest')
  .map(([, member]) => member.email);

/**
 * The Matrix Network's fictional members (demo-members.ts), for the owner who removes them with the
 * demo's content (`atelier demo remove --members`), in the transaction that removes it. Never the guest.
 */
@Injectable()
export class DemoMembers {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly members: DemoMembersRepository,
    private readonly notifier: ChangeNotifier,
  ) {}

  /** Their ids: what the modules keeping their content remove first, in the same transaction. */
  ids(tx: Transaction): Promise<string[]> {
    return this.members.idsOf(tx, REMOVABLE_EMAILS);
  }

  /** Removes them (with their friendships); answers the counts and their faces' files, to delete once `tx` commits. */
  async remove(tx: Transaction, ids: readonly string[]): Promise<{ members: number; friendships: number; files: string[] }> {
    const { members, friendships, pictures } = await this.members.remove(tx, ids);
    const files = pictures.filter((name) => STORED_NAME.test(name)).map((name) => path.join(mediaDir(this.config.dataDir, 'users'), name));
    return { members, friendships, files };
  }

  /** Once the removal has committed: every process forgets them, so a token of theirs stops at once. */
  removed(): Promise<void> {
    return this.notifier.publish(MEMBERS_TOPIC);
  }
}
