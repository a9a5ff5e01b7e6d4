import type { MailStatus } from '@atelier/contracts';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A message a visitor sent the owner from the site's contact form. Stored before any mail is sent,
 * so a mail server that is down or refuses loses nothing; the row says what became of the mail.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The sender's client address as the per-address limit counts it (an IPv6 one by its /64). */
    clientAddress: text('client_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the owner first opened it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    mailStatus: text('mail_status').$type<MailStatus>().notNull(),
    /** Why the mail failed; null unless mail_status is 'failed'. */
    mailError: text('mail_error'),
  },
  // The owner's list is newest first.
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
