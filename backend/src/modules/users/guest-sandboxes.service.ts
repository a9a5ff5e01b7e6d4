import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ChangeNotifier } from '../../db/change-notifier';
import { MEMBERS_TOPIC } from '../auth/active-members.cache';
import { MediaStore } from '../media/media-store.service';
import { DEMO_GUEST_POST, DEMO_MEMBERS } from './demo-members';
import { GuestSandboxesRepository } from './guest-sandboxes.repository';
import type { UserRow } from './users.repository';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** What the Matrix Network seed gives the guest: its one post, and likes of demo members' posts only. */
const SEEDED_GUEST_CONTENT = {
  ownPosts: [DEMO_GUEST_POST],
  likedAuthors: Object.values(DEMO_MEMBERS).map((member) => member.email),
};

/**
 * Every sign-in with the guest account opens a sandbox of its own: a copy of the seeded guest that
 * posts, likes, comments and befriends like any member, while nobody else sees any of it (the reads
 * leave sandboxed members out; see readableMember). Seeded members' content never changes for others.
 * A sandbox lives GUEST_SANDBOX_HOURS; a sweep here (every process, harmlessly at once) removes it then.
 */
@Injectable()
export class GuestSandboxes implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestSandboxes.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sandboxes: GuestSandboxesRepository,
    private readonly media: MediaStore,
    private readonly notifier: ChangeNotifier,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweepLogged();
    this.timer = setInterval(() => void this.sweepLogged(), SWEEP_INTERVAL_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** A new sandbox copied from the seeded guest, ending after GUEST_SANDBOX_HOURS; undefined if the guest is gone. */
  open(templateId: string): Promise<UserRow | undefined> {
    return this.sandboxes.open(templateId, new Date(Date.now() + this.config.guestSandboxMs));
  }

  /** The template's posts, likes and comments back to the seed's (a token of it may have written before it was refused). */
  async restoreTemplate(templateId: string): Promise<void> {
    const unusedPictures = await this.sandboxes.restoreTemplateContent(templateId, SEEDED_GUEST_CONTENT);
    await Promise.all(unusedPictures.map((fileName) => this.media.remove('posts', fileName)));
  }

  /** Removes the sandboxes past their end, with what they wrote and their posts' pictures; answers how many went. */
  sweep(now = new Date()): Promise<number> {
    return this.remove(now);
  }

  /** Ends every sandbox at once (the owner disabled the guest): their tokens stop working too. */
  endAll(): Promise<number> {
    return this.remove(null);
  }

  private async remove(endingBefore: Date | null): Promise<number> {
    const { removed, unusedPictures } = await this.sandboxes.remove(endingBefore);
    if (removed === 0) return 0;
    // Tokens of removed sandboxes must stop at once in every process, as a removed member's do.
    await this.notifier.publish(MEMBERS_TOPIC);
    await Promise.all(unusedPictures.map((fileName) => this.media.remove('posts', fileName)));
    this.logger.log(`Removed ${removed} guest sandbox(es)`);
    return removed;
  }

  private async sweepLogged(): Promise<void> {
    await this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'Guest sandbox sweep failed'));
  }
}
