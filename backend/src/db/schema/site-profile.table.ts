import type { SiteProfile } from '@atelier/contracts';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The home page's profile card: one row, the whole card as a document (checked by zod on write). */
export const siteProfile = pgTable(
  'site_profile',
  {
    id: text('id').primaryKey().default('site'),
    profile: jsonb('profile').$type<SiteProfile>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('site_profile_single_row', sql`${table.id} = 'site'`)],
);

export const SITE_PROFILE_ID = 'site';
