import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Matrix Network members. `email` is stored lower-cased, so its unique constraint is case-blind. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  location: text('location').notNull(),
  occupation: text('occupation').notNull(),
  picturePath: text('picture_path').notNull(),
  viewedProfile: integer('viewed_profile').notNull().default(0),
  impressions: integer('impressions').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by the owner (`atelier users disable`): the member can neither sign in nor use a token they hold. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * A member's tokens carry the version current when they were issued (`ver`; none means 0), and only
   * that version is accepted. Disabling a member moves it on, and enabling them again does not move
   * it back, so the tokens a disable revoked stay revoked.
   */
  tokenVersion: integer('token_version').notNull().default(0),
  /**
   * Seen by no one but itself: the seeded guest (the template every guest sign-in copies) and each
   * guest sandbox. Their posts, likes, comments and friendships are left out of what others read.
   */
  sandboxed: boolean('sandboxed').notNull().default(false),
  /** A guest sandbox's end: the sweep removes it, with everything it wrote, after this time. */
  sandboxExpiresAt: timestamp('sandbox_expires_at', { withTimezone: true }),
  /** The client address (an IPv6 one's /64) that opened a guest sandbox: GUEST_SANDBOXES_PER_IP_PER_HOUR counts by it. */
  sandboxClientIp: text('sandbox_client_ip'),
  /** Bytes of post pictures a guest sandbox has stored in its life (GUEST_SANDBOX_PICTURE_MB). */
  sandboxPictureBytes: integer('sandbox_picture_bytes').notNull().default(0),
}, (table) => [
  index('users_sandbox_expiry_idx').on(table.sandboxExpiresAt).where(sql`${table.sandboxExpiresAt} is not null`),
  index('users_sandbox_client_idx').on(table.sandboxClientIp, table.createdAt).where(sql`${table.sandboxClientIp} is not null`),
]);

/** A column naming a member; their rows go when the member does. */
export const memberReference = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
