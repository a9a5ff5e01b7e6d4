import { COMMENTS_PAGE, FEED_PAGE, SOCIAL_LIMITS as LIMITS } from '@atelier/contracts';
import { z } from 'zod';
import { requiredText, uuidParam } from '../../common/validation/fields';
import { clientFileName, pictureFileField } from '../media/picture-fields';
import { decodeCursor } from './feed-cursor';

/** Clients may send their own id (the original client does: docs/requirements/matrix-network.md#entities); it must then be the signed-in member. */
const actingUserId = uuidParam('a member').optional();

const pageLimit = ({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${maxLimit}`)
    .max(maxLimit, `must be between 1 and ${maxLimit}`)
    .default(defaultLimit);

export const pageQuery = z.strictObject({
  limit: pageLimit(FEED_PAGE),
  cursor: z
    .string()
    .max(200, 'is not a valid cursor')
    .transform((cursor, context) => {
      const position = decodeCursor(cursor);
      if (!position) context.addIssue({ code: 'custom', message: 'is not a valid cursor' });
      return position ?? undefined;
    })
    .optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A page of one post's comments; the cursor is the last comment's id (X-Next-Cursor of the page before). */
export const commentsQuery = z.strictObject({
  limit: pageLimit(COMMENTS_PAGE),
  cursor: uuidParam('a comment').optional(),
});
export type CommentsQuery = z.output<typeof commentsQuery>;

export const postParams = z.object({ id: uuidParam('a post') });
export const authorParams = z.object({ userId: uuidParam('a member') });

export const createPostSchema = z.strictObject({
  userId: actingUserId,
  description: requiredText(LIMITS.description),
  picture: pictureFileField({ required: false }),
  picturePath: clientFileName.optional(),
});
export type CreatePostInput = z.output<typeof createPostSchema>;

export const editPostSchema = z.strictObject({ description: requiredText(LIMITS.description) });
export const likeSchema = z.strictObject({ userId: actingUserId });
export const commentSchema = z.strictObject({ userId: actingUserId, text: requiredText(LIMITS.comment) });
