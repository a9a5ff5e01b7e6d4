import { ADMIN_MEMBER_LIST as LIST } from '@atelier/contracts';
import { z } from 'zod';

const between = `must be between 1 and ${LIST.maxLimit}`;

export const adminMemberListQuery = z.strictObject({
  q: z
    .string({ error: 'must be text' })
    .trim()
    .max(LIST.maxQuery, `must be at most ${LIST.maxQuery} characters`)
    .optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, between)
    .max(LIST.maxLimit, between)
    .default(LIST.defaultLimit),
});
export type AdminMemberListQuery = z.output<typeof adminMemberListQuery>;
