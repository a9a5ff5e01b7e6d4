import { Injectable } from '@nestjs/common';
import type { FriendSummary, Member } from '@atelier/contracts';
import { readableSandbox, type AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { AppError } from '../../common/errors/app-error';
import { unlessReferenceGone } from '../../db/errors';
import { ImpressionsCounter } from './impressions.counter';
import { toFriendSummary, toMember } from './member.serializer';
import { UsersRepository, type ActiveMemberRow, type NewUserRow, type UserRow } from './users.repository';

const noSuchMember = (id: string) => new AppError('NOT_FOUND', `No member with id ${id}`);

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly impressions: ImpressionsCounter,
  ) {}

  /**
   * A member's profile as `viewer` sees it; a first visit by another member counts as a view (a
   * guest's visit does not: guests change nothing others see). A guest's sandbox is not found by others.
   */
  async profile(id: string, viewer: AuthenticatedMember): Promise<Member> {
    await this.assertVisible(id, viewer);
    if (id !== viewer.id && !viewer.sandboxed) await this.users.recordProfileView(id, viewer.id);
    // The counter includes this process's latest deliveries without waiting for their write.
    const { value: row, unwritten } = await this.impressions.readWithUnwritten(id, () => this.users.findById(id));
    if (!row) throw noSuchMember(id);
    return this.member({ ...row, impressions: row.impressions + unwritten }, id === viewer.id, readableSandbox(viewer));
  }

  /** The member as a reader with `sandbox` sees them; `isSelf` adds the private email. */
  async member(row: UserRow, isSelf: boolean, sandbox: string | null): Promise<Member> {
    return toMember(row, await this.users.friendsOf(row.id, sandbox), { isSelf });
  }

  /** Other modules ask here, not the repository: NOT_FOUND unless the member exists. */
  async assertExists(id: string): Promise<void> {
    if (!(await this.users.exists(id))) throw noSuchMember(id);
  }

  /** NOT_FOUND unless the member exists and `reader` may see them (another guest's sandbox is unseen). */
  async assertVisible(id: string, reader: AuthenticatedMember): Promise<void> {
    if (!(await this.users.readable(id, readableSandbox(reader)))) throw noSuchMember(id);
  }

  /** The member's whole row (password hash, disabled time, token version), for signing in. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findByEmail(email);
  }

  /** Writes a new member, who is answered as they see themself. A taken email fails as a unique violation. */
  async register(values: NewUserRow): Promise<Member> {
    return this.member(await this.users.insert(values), true, null);
  }

  /** The token version an active member's tokens carry; undefined when the member is disabled or gone. */
  activeMember(id: string): Promise<ActiveMemberRow | undefined> {
    return this.users.activeMember(id);
  }

  async friends(id: string, reader: AuthenticatedMember): Promise<FriendSummary[]> {
    await this.assertVisible(id, reader);
    return (await this.users.friendsOf(id, readableSandbox(reader))).map(toFriendSummary);
  }

  /** Only the member themself may change their friends (the URL's id is checked against the token). */
  async toggleFriend(acting: AuthenticatedMember, id: string, friendId: string): Promise<FriendSummary[]> {
    if (id !== acting.id) throw new AppError('FORBIDDEN', "You can only change your own friends");
    if (friendId === id) {
      throw new AppError('VALIDATION_FAILED', 'You cannot add yourself as a friend', [
        { field: 'friendId', message: 'must be another member' },
      ]);
    }
    await this.assertVisible(friendId, acting);
    // Either member may be removed meanwhile; the friend check above covers the usual case.
    await unlessReferenceGone(this.users.toggleFriendship(id, friendId), () => noSuchMember(friendId));
    return (await this.users.friendsOf(id, readableSandbox(acting))).map(toFriendSummary);
  }
}
