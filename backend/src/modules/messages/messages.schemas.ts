// Request schemas of contact messages: strict (unknown fields are refused), every string bounded.
import { ADMIN_MESSAGE_LIST as LIST, CONTACT_LIMITS } from '@atelier/contracts';
import { z } from 'zod';
import { emailField, listLimit, requiredText, uuidParam } from '../../common/validation/fields';

export const contactBody = z.strictObject({
  // The name becomes the mail's subject and Reply-To name: one line.
  name: requiredText(CONTACT_LIMITS.name).regex(/^[^\p{Cc}]*$/u, 'must be one line of text'),
  email: emailField(CONTACT_LIMITS.email),
  message: requiredText(CONTACT_LIMITS.message),
  // The trap for bots: the form hides it from people, so anything in it marks a bot.
  website: z.string({ error: 'must be text' }).max(2000, 'must be at most 2000 characters').optional(),
});
export type ContactBody = z.output<typeof contactBody>;

export const adminMessageListQuery = z.strictObject({
  limit: listLimit(LIST),
});
export type AdminMessageListQuery = z.output<typeof adminMessageListQuery>;

export const messageIdParams = z.strictObject({ id: uuidParam('a message') });
