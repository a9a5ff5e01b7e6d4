import { Injectable } from '@nestjs/common';
import { ChangeNotifier } from '../../db/change-notifier';
import { MEMBERS_TOPIC } from '../users/members-topic';
import { UsersService } from '../users/users.service';

const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Whether a member's token is accepted, as a member or as a guest sandbox (decided by the row, not
 * the token's claim); `revoked` when it was issued before the member was last disabled; `guest-template`
 * for the seeded guest itself, which never acts (its sign-in opens a sandbox).
 */
export type TokenStanding = 'member' | 'sandbox' | 'revoked' | 'no-member' | 'guest-template';

interface ActiveMember {
  /** Trusted without asking the database until then (ms). */
  until: number;
  /** The token version accepted (tokens issued before the member's last disable have an older one). */
  tokenVersion: number;
  sandboxed: boolean;
  guestTemplate: boolean;
}

function standingOf(member: ActiveMember | undefined, tokenVersion: number): TokenStanding {
  if (!member) return 'no-member';
  if (member.guestTemplate) return 'guest-template';
  if (tokenVersion !== member.tokenVersion) return 'revoked';
  return member.sandboxed ? 'sandbox' : 'member';
}

/**
 * Which member ids exist and are not disabled, and which token version they accept, remembered for a
 * while: every signed-in request checks its token's member, and asking the database each time would
 * cost a round trip per request. Only active members are remembered; any other id is looked up again.
 */
@Injectable()
export class ActiveMembersCache {
  private seen = new Map<string, ActiveMember>();

  constructor(
    private readonly users: UsersService,
    notifier: ChangeNotifier,
  ) {
    notifier.subscribe(MEMBERS_TOPIC, () => (this.seen = new Map()));
  }

  async standing(id: string, tokenVersion: number): Promise<TokenStanding> {
    return standingOf(await this.activeMember(id), tokenVersion);
  }

  /** The standing from memory alone, if this member was seen lately; else undefined (ask `standing`). */
  knownStanding(id: string, tokenVersion: number): TokenStanding | undefined {
    const known = this.seen.get(id);
    return known && known.until > Date.now() ? standingOf(known, tokenVersion) : undefined;
  }

  private async activeMember(id: string): Promise<ActiveMember | undefined> {
    const known = this.seen.get(id);
    if (known && known.until > Date.now()) return known;
    const row = await this.users.activeMember(id);
    if (row === undefined) {
      this.seen.delete(id);
      return undefined;
    }
    const member = { until: Date.now() + TTL_MS, ...row };
    if (this.seen.size >= MAX_ENTRIES) this.seen = new Map();
    this.seen.set(id, member);
    return member;
  }
}
