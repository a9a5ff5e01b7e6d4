import { Injectable } from '@nestjs/common';
import { and, inArray, lt, not, or, sql } from 'drizzle-orm';
import { friendships } from '../../db/schema/friendships.table';
import { users } from '../../db/schema/users.table';
import type { Transaction } from '../../db/transaction';

/** The members' table's part of `atelier demo remove --members`, in the transaction the content module opens. */
@Injectable()
export class DemoMembersRepository {
  /** The ids of the members with these emails; sandboxes (and the guest template) are never among them. */
  async idsOf(tx: Transaction, emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.email, [...emails]), not(users.sandboxed)));
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the members; their friendships, likes, comments and profile views go with them (the
   * tables' cascades). Answers how many went, their friendships (each counted once), and the
   * pictures of theirs no remaining member shows.
   */
  async remove(tx: Transaction, ids: readonly string[]): Promise<{ members: number; friendships: number; pictures: string[] }> {
    if (ids.length === 0) return { members: 0, friendships: 0, pictures: [] };
    // Each friendship is two rows, one per direction: the one from the lower id counts it once.
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(friendships)
      .where(and(or(inArray(friendships.userId, [...ids]), inArray(friendships.friendId, [...ids])), lt(friendships.userId, friendships.friendId)));
    const removed = await tx.delete(users).where(inArray(users.id, [...ids])).returning({ picturePath: users.picturePath });
    const pictures = [...new Set(removed.map((row) => row.picturePath))];
    const stillShown = pictures.length
      ? new Set((await tx.selectDistinct({ picturePath: users.picturePath }).from(users).where(inArray(users.picturePath, pictures))).map((row) => row.picturePath))
      : new Set<string>();
    return { members: removed.length, friendships: count, pictures: pictures.filter((picture) => !stillShown.has(picture)) };
  }
}
