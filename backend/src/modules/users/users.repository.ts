import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { friendships } from '../../db/schema/friendships.table';
import { profileViews } from '../../db/schema/profile-views.table';
import { users } from '../../db/schema/users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Columns of a friend row; the password hash is never selected with them. */
const friendColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  occupation: users.occupation,
  location: users.location,
  picturePath: users.picturePath,
};
export type FriendRow = { [K in keyof typeof friendColumns]: string };

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row !== undefined;
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row;
  }

  async friendsOf(userId: string): Promise<FriendRow[]> {
    return this.db
      .select(friendColumns)
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(asc(friendships.createdAt), asc(users.id));
  }

  /**
   * Adds the friendship if absent, removes it if present, in both directions at once. The member's
   * row is locked first, so two quick toggles by the same member apply one after the other.
   */
  async toggleFriendship(userId: string, friendId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const removed = await tx
        .delete(friendships)
        .where(
          sql`(${friendships.userId}, ${friendships.friendId}) in ((${userId}::uuid, ${friendId}::uuid), (${friendId}::uuid, ${userId}::uuid))`,
        )
        .returning({ userId: friendships.userId });
      if (removed.length > 0) return;
      await tx
        .insert(friendships)
        .values([
          { userId, friendId },
          { userId: friendId, friendId: userId },
        ])
        .onConflictDoNothing();
    });
  }

  /** Counts a viewer once per profile: the counter moves only when the (viewed, viewer) row is new. */
  async recordProfileView(viewedId: string, viewerId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(profileViews)
        .values({ viewedId, viewerId })
        .onConflictDoNothing()
        .returning({ viewedId: profileViews.viewedId });
      if (inserted.length === 0) return;
      await tx
        .update(users)
        .set({ viewedProfile: sql`${users.viewedProfile} + 1` })
        .where(eq(users.id, viewedId));
    });
  }

  /** Adds many members' impression counts in one statement. */
  async addImpressions(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return;
    const ids = [...counts.keys()];
    const increment = sql.join(
      ids.map((id) => sql`when ${id}::uuid then ${counts.get(id)}::int`),
      sql` `,
    );
    await this.db
      .update(users)
      .set({ impressions: sql`${users.impressions} + case ${users.id} ${increment} else 0 end` })
      .where(inArray(users.id, ids));
  }
}
