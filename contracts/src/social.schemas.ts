// Matrix Network's answers as zod schemas (see errors.schemas.ts for why).
import { z } from 'zod';

export const friendSummarySchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    occupation: z.string(),
    location: z.string(),
    picturePath: z.string(),
  })
  .meta({ id: 'FriendSummary' });

export const memberSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().optional(),
    location: z.string(),
    occupation: z.string(),
    /** A file name under `/assets/users/`. */
    picturePath: z.string(),
    /** Distinct other members who opened this profile. */
    viewedProfile: z.int(),
    /** How often this member's posts were delivered to other members' feeds. */
    impressions: z.int(),
    friends: z.array(friendSummarySchema),
    createdAt: z.string(),
    /**
     * Only on a guest's own sandbox, to themself (each guest sign-in is one): when it, and everything
     * posted, liked, commented or befriended in it, is removed. Nobody else sees any of it meanwhile.
     */
    sandboxExpiresAt: z.string().optional(),
  })
  .meta({ id: 'Member' });

export const loginResponseSchema = z.object({ user: memberSchema, token: z.string() }).meta({ id: 'LoginResponse' });

export const postSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    location: z.string(),
    description: z.string(),
    /** A file name under `/assets/posts/`, or null for a text-only post. */
    picturePath: z.string().nullable(),
    /** The author's picture, a file name under `/assets/users/`. */
    userPicturePath: z.string(),
    /** `{ memberId: true }` for every member who likes the post. */
    likes: z.record(z.string(), z.literal(true)),
    /**
     * The newest comments' texts (at most FEED_COMMENTS.embedded), oldest first, each cut to
     * FEED_COMMENTS.previewLength characters (ending in '…' when cut): a page of posts stays small
     * however many comments they have. Every comment, whole: GET /api/posts/:id/comments.
     */
    comments: z.array(z.string()),
    /** How many comments the post has in all. */
    commentCount: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Post' });

export const postCommentSchema = z
  .object({
    _id: z.string(),
    postId: z.string(),
    text: z.string(),
    createdAt: z.string(),
    author: friendSummarySchema.pick({ _id: true, firstName: true, lastName: true, picturePath: true }),
  })
  .meta({ id: 'PostComment' });

export const adminMemberSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    location: z.string(),
    occupation: z.string(),
    createdAt: z.string(),
    /** A disabled member can neither sign in nor use a token they already hold. */
    disabled: z.boolean(),
    disabledAt: z.string().nullable(),
    friends: z.int(),
    posts: z.int(),
  })
  .meta({ id: 'AdminMember' });
