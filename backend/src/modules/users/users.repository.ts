import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { friendships } from '../../db/schema/friendships.table';
import { profileViews } from '../../db/schema/profile-views.table';
import { users } from '../../db/schema/users.table';
import { postCountOf } from '../posts/posts.reads';
import { readableMember } from './users.reads';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Locks members' rows in one fixed order, so two transactions locking some of the same never deadlock. */
async function lockMembersInIdOrder(tx: Pick<Database, 'select'>, ids: readonly string[]): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, [...ids])).orderBy(asc(users.id)).for('no key update');
}

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

// Spelled out: Drizzle leaves columns unqualified in a one-table select, where a subquery's bare "id" is its own.
const qualifiedMemberId = sql`${users}.${sql.identifier(users.id.name)}`;

/** What the owner's admin API shows of a member: no hash, plus how many friends and posts they have. */
const adminColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  location: users.location,
  occupation: users.occupation,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  // Both counts walk an index on the member's id (the friendships key, posts_author_feed_idx).
  // Guest sandboxes befriend seeded members for a day: they are not the owner's members to count.
  friends: sql<number>`(select count(*)::int from ${friendships} f join ${users} friend on friend.id = f.friend_id
    where f.user_id = ${qualifiedMemberId} and friend.sandbox_expires_at is null)`,
  posts: postCountOf(qualifiedMemberId),
};
export type AdminMemberRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'location' | 'occupation' | 'createdAt' | 'disabledAt'> & {
  friends: number;
  posts: number;
};

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The seeded guest's fields, as the owner's reset restores them. */
export interface ActiveMemberRow {
  tokenVersion: number;
  sandboxed: boolean;
  /** The seeded guest itself: never acts, its sign-in opens a sandbox. */
  guestTemplate: boolean;
}

export type GuestFields = Pick<NewUserRow, 'email' | 'firstName' | 'lastName' | 'location' | 'occupation' | 'passwordHash'>;

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

  /** Whether the member exists and a reader with `sandbox` may see them (see readableMember). */
  async readable(id: string, sandbox: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), readableMember('users', sandbox)));
    return row !== undefined;
  }

  /**
   * What a member's token needs to be accepted: the member exists and is not disabled, and the token
   * has their current token version. Answers that version, or undefined for no active member.
   */
  /** A member not disabled: the token version they accept, and whether they are a guest sandbox or its template. */
  async activeMember(id: string): Promise<ActiveMemberRow | undefined> {
    const [row] = await this.db
      .select({ tokenVersion: users.tokenVersion, sandboxed: users.sandboxed, sandboxExpiresAt: users.sandboxExpiresAt })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.disabledAt)));
    // The template is the one sandboxed member without an end: the seeded guest, whose sign-in opens a copy.
    return row && { tokenVersion: row.tokenVersion, sandboxed: row.sandboxed, guestTemplate: row.sandboxed && !row.sandboxExpiresAt };
  }

  /**
   * Newest members first; `query` matches the full name or the email, case-blind. Guest sandboxes are
   * left out: they go by themselves, and what they wrote is seen by nobody else.
   */
  async adminList({ query, limit }: { query?: string; limit: number }): Promise<AdminMemberRow[]> {
    const pattern = query ? likePattern(query) : undefined;
    return this.db
      .select(adminColumns)
      .from(users)
      .where(
        and(
          isNull(users.sandboxExpiresAt),
          pattern ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern)) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit);
  }

  async adminFind(by: { id: string } | { email: string }): Promise<AdminMemberRow | undefined> {
    const [row] = await this.db
      .select(adminColumns)
      .from(users)
      .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email));
    return row;
  }

  /**
   * Disables (with the time; the token version moves on, revoking every token issued so far) or
   * enables (null) a member; false when there is no such member.
   */
  async setDisabledAt(id: string, disabledAt: Date | null): Promise<boolean> {
    const values = disabledAt ? { disabledAt, tokenVersion: sql`${users.tokenVersion} + 1` } : { disabledAt };
    const updated = await this.db.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
    return updated.length > 0;
  }

  /**
   * Puts the guest back: its row gets the given fields and is enabled, or is created with
   * `picturePath` when there is none. Answers the guest's id and whether it was created.
   */
  async restoreGuest(fields: GuestFields, picturePath: () => Promise<string>): Promise<{ id: string; created: boolean; picturePath: string }> {
    const { email, ...rest } = fields;
    // Counters as seeded too; the template is sandboxed (its sign-in opens a copy) and its old tokens stop.
    const restored = { ...rest, disabledAt: null, sandboxed: true, sandboxExpiresAt: null, viewedProfile: 0, impressions: 0 };
    const [updated] = await this.db
      .update(users)
      .set({ ...restored, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, email))
      .returning({ id: users.id, picturePath: users.picturePath });
    if (updated) return { ...updated, created: false };
    const picture = await picturePath();
    // A reset running at the same moment may have created it meanwhile: then that row is updated.
    const [row] = await this.db
      .insert(users)
      .values({ ...fields, picturePath: picture, sandboxed: true })
      .onConflictDoUpdate({ target: users.email, set: { ...restored, tokenVersion: sql`${users.tokenVersion} + 1` } })
      .returning({ id: users.id, picturePath: users.picturePath });
    return { ...row, created: row.picturePath === picture };
  }

  /** Mutual friendships between `userId` and whichever of `emails` are members; existing ones stay. */
  async befriendByEmail(userId: string, emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    const friends = await this.db.select({ id: users.id }).from(users).where(inArray(users.email, [...emails]));
    if (friends.length === 0) return;
    await this.db
      .insert(friendships)
      .values(friends.flatMap(({ id }) => [
        { userId, friendId: id },
        { userId: id, friendId: userId },
      ]))
      .onConflictDoNothing();
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row;
  }

  /** The member's friends a reader with `sandbox` may see (other guests' sandboxes are left out). */
  async friendsOf(userId: string, sandbox: string | null): Promise<FriendRow[]> {
    return this.db
      .select(friendColumns)
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(and(eq(friendships.userId, userId), readableMember('users', sandbox)))
      .orderBy(asc(friendships.createdAt), asc(users.id));
  }

  /**
   * Adds the friendship if absent, removes it if present, in both directions at once. Both members'
   * rows are locked first, in id order, so toggles between the same two members (from either side,
   * in any process) apply one after the other and never wait on each other in a cycle. The lock is
   * FOR NO KEY UPDATE: the friendship rows' foreign keys only need KEY SHARE of the same rows.
   */
  async toggleFriendship(userId: string, friendId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockMembersInIdOrder(tx, [userId, friendId]);
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

  /**
   * Counts a viewer once per profile: the counter moves only when the (viewed, viewer) row is new.
   * One statement, atomic by itself: a transaction around two cost four round trips on every view.
   */
  async recordProfileView(viewedId: string, viewerId: string): Promise<void> {
    const inserted = this.db
      .$with('inserted')
      .as(this.db.insert(profileViews).values({ viewedId, viewerId }).onConflictDoNothing().returning({ viewedId: profileViews.viewedId }));
    await this.db
      .with(inserted)
      .update(users)
      .set({ viewedProfile: sql`${users.viewedProfile} + 1` })
      .where(inArray(users.id, this.db.select({ viewedId: inserted.viewedId }).from(inserted)));
  }

  /** Adds many members' impression counts in one statement. */
  async addImpressions(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return;
    const ids = [...counts.keys()];
    const increment = sql.join(
      ids.map((id) => sql`when ${id}::uuid then ${counts.get(id)}::int`),
      sql` `,
    );
    await this.db.transaction(async (tx) => {
      // In id order, as friend toggles lock members: an UPDATE takes its rows in scan order.
      await lockMembersInIdOrder(tx, ids);
      await tx
        .update(users)
        .set({ impressions: sql`${users.impressions} + case ${users.id} ${increment} else 0 end` })
        .where(inArray(users.id, ids));
    });
  }
}
