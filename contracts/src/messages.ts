// Contact messages: what a visitor sends the owner from the site (POST /api/contact), and how the
// owner reads them (/api/admin/messages, `atelier messages ...`). The shapes are inferred from their
// zod schemas (messages.schemas.ts), from which the OpenAPI document is generated too.
import type { z } from 'zod';
import type { contactMessageSchema, contactReceiptSchema } from './messages.schemas';

/** Length limits of a contact message's fields (characters), for the backend's schema and the form alike. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * What became of the mail to the owner: `not-configured` (no SMTP_URL: the message is only stored),
 * `sending`, `sent`, or `failed` (with the reason; the message is kept all the same).
 */
export const MAIL_STATUSES = ['not-configured', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The fields of `POST /api/contact`; `website` is a trap for bots, left empty by people (the form hides it). */
export interface ContactFields {
  name: string;
  email: string;
  message: string;
  website?: string;
}

/** What `POST /api/contact` answers: the same whether the message was kept or a bot's was dropped. */
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** A message as the owner reads it (`GET /api/admin/messages`). */
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const ADMIN_MESSAGE_LIST = { defaultLimit: 100, maxLimit: 1000 } as const;
