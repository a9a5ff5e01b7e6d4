// Contact messages' answers as zod schemas (see errors.schemas.ts for why).
import { z } from 'zod';
import { MAIL_STATUSES } from './messages';

export const contactReceiptSchema = z
  .object({ received: z.literal(true) })
  .meta({ id: 'ContactReceipt' });

export const contactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The visitor's address: the mail to the owner has it as Reply-To. */
    email: z.string(),
    message: z.string(),
    createdAt: z.string(),
    /** Whether the owner has opened it (`GET /api/admin/messages/:id`, `atelier messages show`). */
    read: z.boolean(),
    readAt: z.string().nullable(),
    mailStatus: z.enum(MAIL_STATUSES),
    /** Why the mail failed, as the mail server or the connection said; null unless `failed`. */
    mailError: z.string().nullable(),
    /** The sender's client address (an IPv6 one by its /64), which the per-address limit counts. */
    clientAddress: z.string(),
  })
  .meta({ id: 'ContactMessage' });
