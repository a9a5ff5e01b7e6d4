import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { friendships } from '../../db/schema/friendships.table';
import { postComments } from '../../db/schema/post-comments.table';
import { postLikes } from '../../db/schema/post-likes.table';
import { posts } from '../../db/schema/posts.table';
import { users } from '../../db/schema/users.table';
import type { UserRow } from './users.repository';

/** A stored hash no password matches (argon2 cannot parse it): a sandbox is entered by its token only. */
const NO_PASSWORD = '!guest-sandbox';

/** `guest@example.com` -> `guest+1a2b3c4d@example.com`: unique, and plainly the guest's. */
function sandboxEmail(templateEmail: string, id: string): string {
  const at = templateEmail.lastIndexOf('@');
  return `${templateEmail.slice(0, at)}+${id.slice(0, 8)}${templateEmail.slice(at)}`;
}

/**
 * Guest sandboxes in the database. A sandbox is a member row copied from the seeded guest (the
 * template), with the template's friendships, posts (with their likes and comments), likes and
 * comments copied to it, so a visitor starts where the guest stands; deleting the row deletes
 * everything it wrote (every reference to a member cascades).
 */
@Injectable()
export class GuestSandboxesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A new sandbox copied from the template; undefined if the template is gone. */
  async open(templateId: string, expiresAt: Date): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [template] = await tx.select().from(users).where(eq(users.id, templateId));
      if (!template) return undefined;
      const id = randomUUID();
      const [sandbox] = await tx
        .insert(users)
        .values({
          id,
          firstName: template.firstName,
          lastName: template.lastName,
          email: sandboxEmail(template.email, id),
          passwordHash: NO_PASSWORD,
          location: template.location,
          occupation: template.occupation,
          picturePath: template.picturePath,
          viewedProfile: template.viewedProfile,
          impressions: template.impressions,
          sandboxed: true,
          sandboxExpiresAt: expiresAt,
        })
        .returning();
      // The template's own rows become the sandbox's; everyone else's stay theirs.
      const asSandbox = (column: typeof postLikes.userId | typeof postComments.userId) =>
        sql`case when ${column} = ${templateId}::uuid then ${id}::uuid else ${column} end`;

      await tx.execute(sql`insert into ${friendships} (user_id, friend_id, created_at)
        select ${id}::uuid, friend_id, created_at from ${friendships} where user_id = ${templateId}::uuid
        union all select user_id, ${id}::uuid, created_at from ${friendships} where friend_id = ${templateId}::uuid`);

      const ownPosts = await tx.select().from(posts).where(eq(posts.userId, templateId));
      for (const post of ownPosts) {
        const [copy] = await tx
          .insert(posts)
          .values({ ...post, id: undefined, userId: id })
          .returning({ id: posts.id });
        await tx.execute(sql`insert into ${postLikes} (post_id, user_id, created_at)
          select ${copy.id}::uuid, ${asSandbox(postLikes.userId)}, created_at from ${postLikes} where post_id = ${post.id}::uuid`);
        await tx.execute(sql`insert into ${postComments} (post_id, user_id, text, created_at)
          select ${copy.id}::uuid, ${asSandbox(postComments.userId)}, text, created_at from ${postComments} where post_id = ${post.id}::uuid`);
      }
      const othersPosts = sql`(select id from ${posts} where user_id = ${templateId}::uuid)`;
      await tx.execute(sql`insert into ${postLikes} (post_id, user_id, created_at)
        select post_id, ${id}::uuid, created_at from ${postLikes} where user_id = ${templateId}::uuid and post_id not in ${othersPosts}`);
      await tx.execute(sql`insert into ${postComments} (post_id, user_id, text, created_at)
        select post_id, ${id}::uuid, text, created_at from ${postComments} where user_id = ${templateId}::uuid and post_id not in ${othersPosts}`);
      return sandbox;
    });
  }

  /**
   * Removes the sandboxes that end before `moment` (every one, if null), with all they wrote; answers
   * how many went and the pictures of their posts that no remaining post shows (a copy of a seeded
   * post shares its picture).
   */
  async remove(endingBefore: Date | null): Promise<{ removed: number; unusedPictures: string[] }> {
    return this.db.transaction(async (tx) => {
      const ending = and(isNotNull(users.sandboxExpiresAt), endingBefore ? lt(users.sandboxExpiresAt, endingBefore) : undefined);
      const pictures = await tx
        .selectDistinct({ picturePath: posts.picturePath })
        .from(posts)
        .where(and(inArray(posts.userId, tx.select({ id: users.id }).from(users).where(ending)), isNotNull(posts.picturePath)));
      const removed = await tx.delete(users).where(ending).returning({ id: users.id });
      return { removed: removed.length, unusedPictures: await picturesNoPostShows(tx, pictures.map((row) => row.picturePath!)) };
    });
  }

  /**
   * The template's content back to the seed's: its posts other than `seed.ownPosts` (by text), every
   * comment of its own (the seed gives it none) and its likes of posts by anyone but `seed.likedAuthors`
   * (emails) go. Answers the pictures of removed posts that no remaining post shows.
   */
  async restoreTemplateContent(templateId: string, seed: { ownPosts: string[]; likedAuthors: string[] }): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const notSeeded = (texts: string[]) => (texts.length ? notInArray(posts.description, texts) : undefined);
      const removed = await tx
        .delete(posts)
        .where(and(eq(posts.userId, templateId), notSeeded(seed.ownPosts)))
        .returning({ picturePath: posts.picturePath });
      await tx.delete(postComments).where(eq(postComments.userId, templateId));
      const seededLikes = tx
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(inArray(users.email, seed.likedAuthors), eq(users.sandboxed, false)));
      await tx.delete(postLikes).where(and(eq(postLikes.userId, templateId), notInArray(postLikes.postId, seededLikes)));
      return picturesNoPostShows(tx, removed.flatMap((row) => (row.picturePath ? [row.picturePath] : [])));
    });
  }
}

/** Of `paths`, the pictures no post shows any more (a copy of a seeded post shares its picture). */
async function picturesNoPostShows(tx: Database, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const stillShown = await tx.selectDistinct({ picturePath: posts.picturePath }).from(posts).where(inArray(posts.picturePath, paths));
  const shown = new Set(stillShown.map((row) => row.picturePath));
  return [...new Set(paths)].filter((path) => !shown.has(path));
}
