import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { AppError } from '../../common/errors/app-error';
import { clientAddressKey } from '../../common/rate-limit/client-address';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ChangeNotifier } from '../../db/change-notifier';
import type { Transaction } from '../../db/transaction';
import { GuestSandboxesRepository, type SandboxLimits, type SandboxRefusal } from './guest-sandboxes.repository';
import { MEMBERS_TOPIC } from './members-topic';
import type { UserRow } from './users.repository';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * What another module keeps of a member that a guest sandbox copies from the template (posts, likes,
 * comments). The modules that keep it sit above this one (they import it), so each registers its
 * part here (`GuestSandboxes.addContent`) and writes its own tables.
 */
export interface SandboxContent {
  /** Copies the template's rows to the new sandbox, in the transaction that opens it. */
  copy(tx: Transaction, templateId: string, sandboxId: string): Promise<void>;
  /** Deletes the sandboxes' rows in the transaction that removes them; answers what to do once that commits. */
  remove(tx: Transaction, sandboxIds: readonly string[]): Promise<() => Promise<void>>;
  /** Puts the template's rows back to the seed's (a token of it may have written before it was refused). */
  restoreTemplate(templateId: string): Promise<void>;
}

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
  private readonly contents: SandboxContent[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sandboxes: GuestSandboxesRepository,
    private readonly notifier: ChangeNotifier,
  ) {}

  /** Called by a module keeping members' content, as it starts (before any sign-in or sweep). */
  addContent(content: SandboxContent): void {
    this.contents.push(content);
  }

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
    const copyContent = async (tx: Transaction, sandboxId: string) => {
      for (const content of this.contents) await content.copy(tx, templateId, sandboxId);
    };
    const opened = await this.sandboxes.open(templateId, new Date(limits.now.getTime() + this.config.guestSandboxMs), limits, copyContent);
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
    await Promise.all(this.contents.map((content) => content.restoreTemplate(templateId)));
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
    const { removed, content: afterCommit } = await this.sandboxes.remove(endingBefore, async (tx, sandboxIds) => {
      const steps: Array<() => Promise<void>> = [];
      for (const content of this.contents) steps.push(await content.remove(tx, sandboxIds));
      return steps;
    });
    if (removed === 0) return 0;
    // Tokens of removed sandboxes must stop at once in every process, as a removed member's do.
    await this.notifier.publish(MEMBERS_TOPIC);
    await Promise.all(afterCommit.map((step) => step()));
    this.logger.log(`Removed ${removed} guest sandbox(es)`);
    return removed;
  }

  private async sweepLogged(): Promise<void> {
    await this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'Guest sandbox sweep failed'));
  }
}
