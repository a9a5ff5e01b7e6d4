import type { SiteSettings } from '@atelier/contracts';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The site's texts that are not lists (name, footer, pages' titles, notes): one row, one document (checked by zod on write). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: text('id').primaryKey().default('site'),
    settings: jsonb('settings').$type<SiteSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 'site'`)],
);

export const SITE_SETTINGS_ID = 'site';
