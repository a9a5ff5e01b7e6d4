import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { AppError } from '../../common/errors/app-error';
import { clientAddressKey } from '../../common/rate-limit/client-address';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ChangeNotifier } from '../../db/change-notifier';
import { MEMBERS_TOPIC } from '../auth/active-members.cache';
import { MediaStore } from '../media/media-store.service';
import { DEMO_GUEST_POST, DEMO_MEMBERS } from './demo-members';
import { GuestSandboxesRepository, type SandboxLimits, type SandboxRefusal } from './guest-sandboxes.repository';
import type { UserRow } from './users.repository';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

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

  /**
   * A new sandbox copied from the seeded guest for a visitor at `clientIp`, ending after
   * GUEST_SANDBOX_HOURS; undefined if the guest is gone. Refused with 429 past GUEST_SANDBOXES_PER_IP_PER_HOUR
   * from that address or GUEST_SANDBOXES_MAX alive: each sign-in is a new member with write limits of its own.
   */
  async open(templateId: string, clientIp: string): Promise<UserRow | undefined> {
    const limits = this.limitsFor(clientIp);
    const opened = await this.sandboxes.open(templateId, new Date(limits.now.getTime() + this.config.guestSandboxMs), limits);
    if (opened && 'refused' in opened) throw this.refusal(opened);
    return opened;
  }

  /**
   * Refuses at once when `open` would: checked before the guest's password is verified, so sign-ins
   * past the cap cost no password hash (the guest's password is public anyway). `open` checks again
   * under its lock.
   */
  async assertRoomFor(clientIp: string): Promise<void> {
    const refused = await this.sandboxes.refusal(this.limitsFor(clientIp));
    if (refused) throw this.refusal(refused);
  }

  private limitsFor(clientIp: string): SandboxLimits {
    const { guestSandboxesPerIpPerHour: perIpPerHour, guestSandboxesMax: max } = this.config;
    return { clientIp: clientAddressKey(clientIp), perIpPerHour, max, now: new Date() };
  }

  private refusal({ refused, retryAfterMs }: SandboxRefusal): AppError {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    const message =
      refused === 'address'
        ? `This address has opened ${this.config.guestSandboxesPerIpPerHour} guest sandboxes in the last hour, the most allowed; keep using the one you have, wait ${minutes} min, or register an account`
        : `The site has as many guest visitors as it takes (${this.config.guestSandboxesMax}); try again in ${minutes} min or register an account`;
    return new AppError('RATE_LIMITED', message, undefined, retryAfterMs / 1000);
  }

  /**
   * Counts a new post picture of a guest sandbox against GUEST_SANDBOX_PICTURE_MB and, for all sandboxes
   * together, GUEST_SANDBOXES_PICTURE_MB: a visitor's pictures are public, so guests cannot use the site
   * as free image hosting. Members' pictures are not counted.
   */
  async reservePictureSpace(acting: AuthenticatedMember, bytes: number): Promise<void> {
    if (!acting.sandboxed) return;
    const { guestSandboxPictureBytes: perSandbox, guestSandboxesPictureBytes: total } = this.config;
    const full = await this.sandboxes.reservePictureBytes(acting.id, bytes, { perSandbox, total });
    if (full === 'sandbox') {
      throw new AppError('PAYLOAD_TOO_LARGE', `A guest sandbox may store ${megabytes(perSandbox)} MB of pictures and this one has used them; post without a picture, or register an account`);
    }
    if (full === 'total') {
      throw new AppError('RATE_LIMITED', 'Guest visitors have used all the picture space set aside for them; post without a picture, try again later, or register an account', undefined, SWEEP_INTERVAL_MS / 1000);
    }
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
