import { Injectable } from '@nestjs/common';
import { ChangeNotifier } from '../../db/change-notifier';
import { UsersRepository } from '../users/users.repository';

/** Removing or disabling members publishes this topic; every process forgets who it had seen. */
export const MEMBERS_TOPIC = 'members';

const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Which member ids exist and are not disabled, remembered for a while: every signed-in request checks
 * that its token's member is still active, and asking the database each time would cost a round trip
 * per request. Only "active" is remembered; any other id is looked up again next time.
 */
@Injectable()
export class ActiveMembersCache {
  private seen = new Map<string, number>();

  constructor(
    private readonly users: UsersRepository,
    notifier: ChangeNotifier,
  ) {
    notifier.subscribe(MEMBERS_TOPIC, () => (this.seen = new Map()));
  }

  async isActive(id: string): Promise<boolean> {
    if (this.isKnownActive(id)) return true;
    const active = await this.users.isActive(id);
    if (active) {
      if (this.seen.size >= MAX_ENTRIES) this.seen = new Map();
      this.seen.set(id, Date.now() + TTL_MS);
    } else {
      this.seen.delete(id);
    }
    return active;
  }

  /** Whether `id` was found active recently enough to trust without asking the database. */
  private isKnownActive(id: string): boolean {
    const until = this.seen.get(id);
    return until !== undefined && until > Date.now();
  }
}
