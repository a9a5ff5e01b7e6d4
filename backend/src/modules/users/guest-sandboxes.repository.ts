import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { friendships } from '../../db/schema/friendships.table';
import { users } from '../../db/schema/users.table';
import type { Transaction } from '../../db/transaction';
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
 * template), with the template's friendships copied to it and, through `copyContent`, what other
 * modules keep of the template (posts, likes, comments), so a visitor starts where the guest stands.
 */
@Injectable()
export class GuestSandboxesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A new sandbox copied from the template, opened for `limits.clientIp`; undefined if the template is
   * gone, or the cap it would pass (with the moment a place frees up). Opens wait for each other, so
   * processes opening at once cannot pass a cap together.
   */
  async open(
    templateId: string,
    expiresAt: Date,
    limits: SandboxLimits,
    copyContent: (tx: Transaction, sandboxId: string) => Promise<void>,
  ): Promise<UserRow | SandboxRefusal | undefined> {
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
      await tx.execute(sql`insert into ${friendships} (user_id, friend_id, created_at)
        select ${id}::uuid, friend_id, created_at from ${friendships} where user_id = ${templateId}::uuid
        union all select user_id, ${id}::uuid, created_at from ${friendships} where friend_id = ${templateId}::uuid`);
      await copyContent(tx, id);
      return sandbox;
    });
  }

  /** Why a sandbox for `limits.clientIp` would be refused now, if it would (read without `open`'s lock). */
  refusal(limits: SandboxLimits): Promise<SandboxRefusal | undefined> {
    return refusalOf(this.db, limits);
  }

  /**
   * Removes the sandboxes that end before `moment` (every one, if null), after `removeContent` has
   * removed what they wrote in the same transaction; answers how many went and what `removeContent` answered.
   */
  async remove<T>(endingBefore: Date | null, removeContent: (tx: Transaction, sandboxIds: string[]) => Promise<T>): Promise<{ removed: number; content: T }> {
    return this.db.transaction(async (tx) => {
      const ending = and(isNotNull(users.sandboxExpiresAt), endingBefore ? lt(users.sandboxExpiresAt, endingBefore) : undefined);
      const ids = (await tx.select({ id: users.id }).from(users).where(ending)).map((row) => row.id);
      const content = await removeContent(tx, ids);
      const removed = ids.length ? await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id }) : [];
      return { removed: removed.length, content };
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
