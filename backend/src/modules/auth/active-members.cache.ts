import { Injectable } from '@nestjs/common';
import { ChangeNotifier } from '../../db/change-notifier';
import { UsersRepository } from '../users/users.repository';

/** Removing members publishes this topic; every process forgets who it had seen. */
export const MEMBERS_TOPIC = 'members';

const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Which member ids exist, remembered for a while: every signed-in request checks that its token's
 * member still exists, and asking the database each time would cost a round trip per request.
 * Only "exists" is remembered; an unknown id is looked up again next time.
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

  async exists(id: string): Promise<boolean> {
    const until = this.seen.get(id);
    if (until !== undefined && until > Date.now()) return true;
    const exists = await this.users.exists(id);
    if (exists) {
      if (this.seen.size >= MAX_ENTRIES) this.seen = new Map();
      this.seen.set(id, Date.now() + TTL_MS);
    } else {
      this.seen.delete(id);
    }
    return exists;
  }
}
