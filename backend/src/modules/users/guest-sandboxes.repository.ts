import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
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

const HOUR_MS = 3600_000;
/** Any fixed 64-bit number: sandbox opens take it in turn (migrations use another). */
const OPEN_LOCK_KEY = 7_210_431_886;

export interface SandboxLimits {
  clientIp: string;
  perIpPerHour: number;
  max: number;
  now: Date;
}

/** Why a sandbox was not opened, and in how long one could be. */
export interface SandboxRefusal {
  refused: 'address' | 'total';
  retryAfterMs: number;
}

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

  /**
   * A new sandbox copied from the template, opened for `limits.clientIp`; undefined if the template is
   * gone, or the cap it would pass (with the moment a place frees up). Opens wait for each other, so
   * processes opening at once cannot pass a cap together.
   */
  async open(templateId: string, expiresAt: Date, limits: SandboxLimits): Promise<UserRow | SandboxRefusal | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPEN_LOCK_KEY})`);
      const refusal = await refusalOf(tx, limits);
      if (refusal) return refusal;
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
          sandboxClientIp: limits.clientIp,
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

  /** Why a sandbox for `limits.clientIp` would be refused now, if it would (read without `open`'s lock). */
  refusal(limits: SandboxLimits): Promise<SandboxRefusal | undefined> {
    return refusalOf(this.db, limits);
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
   * Counts `bytes` of a new post picture against the sandbox's quota and all live sandboxes'; answers
   * which is full instead if one is (the picture is then not stored).
   */
  async reservePictureBytes(id: string, bytes: number, quota: { perSandbox: number; total: number }): Promise<'sandbox' | 'total' | undefined> {
    const allSandboxes = sql`(select coalesce(sum(sandbox_picture_bytes), 0) from ${users} where sandbox_expires_at is not null)`;
    const reserved = await this.db
      .update(users)
      .set({ sandboxPictureBytes: sql`${users.sandboxPictureBytes} + ${bytes}` })
      .where(and(eq(users.id, id), lte(sql`${users.sandboxPictureBytes} + ${bytes}`, quota.perSandbox), lte(sql`${allSandboxes} + ${bytes}`, quota.total)))
      .returning({ id: users.id });
    if (reserved.length > 0) return undefined;
    const [row] = await this.db.select({ used: users.sandboxPictureBytes }).from(users).where(eq(users.id, id));
    return row && row.used + bytes > quota.perSandbox ? 'sandbox' : 'total';
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

/** Refused when the address opened its hourly number of sandboxes, or the site has its most alive. */
async function refusalOf(tx: Database, { clientIp, perIpPerHour, max, now }: SandboxLimits): Promise<SandboxRefusal | undefined> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const fromAddress = and(eq(users.sandboxClientIp, clientIp), gt(users.createdAt, hourAgo));
  const live = gt(users.sandboxExpiresAt, now);
  const [counts] = await tx
    .select({
      fromAddress: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
      oldestFromAddress: sql<string | null>`min(${users.createdAt}) filter (where ${fromAddress})`,
      live: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
      firstEnd: sql<string | null>`min(${users.sandboxExpiresAt}) filter (where ${live})`,
    })
    .from(users)
    .where(isNotNull(users.sandboxExpiresAt));
  const untilMs = (moment: string | null, plus = 0) => (moment ? new Date(moment).getTime() + plus - now.getTime() : HOUR_MS);
  if (counts.fromAddress >= perIpPerHour) return { refused: 'address', retryAfterMs: untilMs(counts.oldestFromAddress, HOUR_MS) };
  if (counts.live >= max) return { refused: 'total', retryAfterMs: untilMs(counts.firstEnd) };
  return undefined;
}

/** Of `paths`, the pictures no post shows any more (a copy of a seeded post shares its picture). */
async function picturesNoPostShows(tx: Database, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const stillShown = await tx.selectDistinct({ picturePath: posts.picturePath }).from(posts).where(inArray(posts.picturePath, paths));
  const shown = new Set(stillShown.map((row) => row.picturePath));
  return [...new Set(paths)].filter((path) => !shown.has(path));
}
