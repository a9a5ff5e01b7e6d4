import { ADMIN_MEMBER_LIST as LIST } from '@atelier/contracts';
import { z } from 'zod';
import { listLimit } from '../../common/validation/fields';

export const adminMemberListQuery = z.strictObject({
  q: z
    .string({ error: 'must be text' })
    .trim()
    .max(LIST.maxQuery, `must be at most ${LIST.maxQuery} characters`)
    .optional(),
  limit: listLimit(LIST),
});
export type AdminMemberListQuery = z.output<typeof adminMemberListQuery>;
