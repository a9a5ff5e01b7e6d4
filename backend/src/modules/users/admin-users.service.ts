import { Injectable } from '@nestjs/common';
import { GUEST_ACCOUNT, type AdminMember } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { ChangeNotifier } from '../../db/change-notifier';
import { MEMBERS_TOPIC } from './members-topic';
import { hashPassword } from './password-hasher';
import { MediaStore } from '../media/media-store.service';
import type { AdminMemberListQuery } from './admin-users.schemas';
import { demoMemberAvatar } from './demo-member-avatar';
import { GuestSandboxes } from './guest-sandboxes.service';
import { DEMO_FRIENDSHIPS, DEMO_MEMBERS } from './demo-members';
import { UsersRepository, type AdminMemberRow } from './users.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_EMAIL = 320;

/** The guest's demo friends, by email: a recreated guest gets back those still around. */
const GUEST_FRIEND_EMAILS = DEMO_FRIENDSHIPS.filter((pair) => pair.includes('guest')).map(
  ([a, b]) => DEMO_MEMBERS[a === 'guest' ? b : a].email,
);

function toAdminMember(row: AdminMemberRow): AdminMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    location: row.location,
    occupation: row.occupation,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    friends: row.friends,
    posts: row.posts,
  };
}

/** The owner's member management (`/api/admin/users`, `atelier users ...`). */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly media: MediaStore,
    private readonly notifier: ChangeNotifier,
    private readonly sandboxes: GuestSandboxes,
  ) {}

  async list({ q, limit }: AdminMemberListQuery): Promise<AdminMember[]> {
    return (await this.users.adminList({ query: q || undefined, limit })).map(toAdminMember);
  }

  async show(idOrEmail: string): Promise<AdminMember> {
    return toAdminMember(await this.find(idOrEmail));
  }

  /**
   * Signs the member out everywhere at once: every process forgets that their tokens were good.
   * Disabling the guest also ends every guest sandbox, since each holds a token of a guest sign-in.
   */
  async setDisabled(idOrEmail: string, disabled: boolean): Promise<AdminMember> {
    const { id, email } = await this.find(idOrEmail);
    if (!(await this.users.setDisabledAt(id, disabled ? new Date() : null))) throw noSuchMember(idOrEmail);
    if (disabled) await this.notifier.publish(MEMBERS_TOPIC);
    if (disabled && email === DEMO_MEMBERS.guest.email) await this.sandboxes.endAll();
    return this.show(id);
  }

  /**
   * The guest as the seed made it: its fields, counters, documented password and seed content back,
   * enabled, and every token of it refused. A removed guest is created again, with its seed picture
   * and its seed friends who are still members.
   */
  async resetGuest(): Promise<AdminMember> {
    const { email, firstName, lastName, location, occupation } = DEMO_MEMBERS.guest;
    const passwordHash = await hashPassword(GUEST_ACCOUNT.password);
    let saved: string | undefined;
    const guest = await this.users.restoreGuest({ email, firstName, lastName, location, occupation, passwordHash }, async () => {
      saved = await this.media.save('users', await demoMemberAvatar(DEMO_MEMBERS.guest));
      return saved;
    });
    if (saved && !guest.created) await this.media.remove('users', saved);
    if (guest.created) await this.users.befriendByEmail(guest.id, GUEST_FRIEND_EMAILS);
    await this.sandboxes.restoreTemplate(guest.id);
    // restoreGuest moved its token version on: every process forgets the tokens it had accepted.
    await this.notifier.publish(MEMBERS_TOPIC);
    return this.show(guest.id);
  }

  /** A member by id or email; anything else, well-formed or not, is simply not found. */
  private async find(idOrEmail: string): Promise<AdminMemberRow> {
    const email = idOrEmail.trim().toLowerCase();
    const row = UUID.test(idOrEmail)
      ? await this.users.adminFind({ id: idOrEmail })
      : email.includes('@') && email.length <= MAX_EMAIL
        ? await this.users.adminFind({ email })
        : undefined;
    if (!row) throw noSuchMember(idOrEmail);
    return row;
  }
}

const noSuchMember = (idOrEmail: string) => new AppError('NOT_FOUND', `No member with id or email ${idOrEmail}`);
