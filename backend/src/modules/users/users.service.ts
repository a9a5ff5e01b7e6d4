import { Injectable } from '@nestjs/common';
import type { FriendSummary, Member } from '@atelier/contracts';
import { AppError } from '../../common/errors/app-error';
import { unlessReferenceGone } from '../../db/errors';
import { ImpressionsCounter } from './impressions.counter';
import { toFriendSummary, toMember } from './member.serializer';
import { UsersRepository, type NewUserRow, type UserRow } from './users.repository';

const noSuchMember = (id: string) => new AppError('NOT_FOUND', `No member with id ${id}`);

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly impressions: ImpressionsCounter,
  ) {}

  /** A member's profile as `viewerId` sees it; a first visit by another member counts as a view. */
  async profile(id: string, viewerId: string): Promise<Member> {
    if (id !== viewerId && (await this.users.exists(id))) await this.users.recordProfileView(id, viewerId);
    // The counter includes this process's latest deliveries without waiting for their write.
    const { value: row, unwritten } = await this.impressions.readWithUnwritten(id, () => this.users.findById(id));
    if (!row) throw noSuchMember(id);
    return this.member({ ...row, impressions: row.impressions + unwritten }, id === viewerId);
  }

  async member(row: UserRow, isSelf: boolean): Promise<Member> {
    return toMember(row, await this.users.friendsOf(row.id), { includeEmail: isSelf });
  }

  /** Other modules ask here, not the repository: NOT_FOUND unless the member exists. */
  async assertExists(id: string): Promise<void> {
    if (!(await this.users.exists(id))) throw noSuchMember(id);
  }

  /** The member's whole row (password hash, disabled time, token version), for signing in. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findByEmail(email);
  }

  /** Writes a new member, who is answered as they see themself. A taken email fails as a unique violation. */
  async register(values: NewUserRow): Promise<Member> {
    return this.member(await this.users.insert(values), true);
  }

  /** The token version an active member's tokens carry; undefined when the member is disabled or gone. */
  activeTokenVersion(id: string): Promise<number | undefined> {
    return this.users.activeTokenVersion(id);
  }

  async friends(id: string): Promise<FriendSummary[]> {
    await this.assertExists(id);
    return (await this.users.friendsOf(id)).map(toFriendSummary);
  }

  /** Only the member themself may change their friends (the URL's id is checked against the token). */
  async toggleFriend(actingId: string, id: string, friendId: string): Promise<FriendSummary[]> {
    if (id !== actingId) throw new AppError('FORBIDDEN', "You can only change your own friends");
    if (friendId === id) {
      throw new AppError('VALIDATION_FAILED', 'You cannot add yourself as a friend', [
        { field: 'friendId', message: 'must be another member' },
      ]);
    }
    await this.assertExists(friendId);
    // Either member may be removed meanwhile; the friend check above covers the usual case.
    await unlessReferenceGone(this.users.toggleFriendship(id, friendId), () => noSuchMember(friendId));
    return (await this.users.friendsOf(id)).map(toFriendSummary);
  }
}
