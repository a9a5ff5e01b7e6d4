// Matrix Network: the shapes of members, posts and comments as the API answers them, and the
// field rules both the backend's schemas and the frontend's forms apply. The shapes are inferred from
// their zod schemas (social.schemas.ts), from which the OpenAPI document is generated too.
import type { z } from 'zod';
import type { adminMemberSchema, friendSummarySchema, loginResponseSchema, memberSchema, postCommentSchema, postSchema } from './social.schemas';

/** A friend as listed on a member (55px avatar rows). */
export type FriendSummary = z.infer<typeof friendSummarySchema>;

/** A member as `GET /users/:id` and login answer it. `email` is present only on the member's own record. */
export type Member = z.infer<typeof memberSchema>;

/** The text fields of `POST /auth/register` (sent as multipart with the `picture` file). */
export interface RegisterFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  location: string;
  occupation: string;
}

/** How a member appears in friend lists. */
export const friendSummaryOf = (member: Member): FriendSummary => ({
  _id: member._id,
  firstName: member.firstName,
  lastName: member.lastName,
  occupation: member.occupation,
  location: member.location,
  picturePath: member.picturePath,
});

export type LoginResponse = z.infer<typeof loginResponseSchema>;

export type Post = z.infer<typeof postSchema>;

export type PostComment = z.infer<typeof postCommentSchema>;

/** Header carrying the cursor of the next feed page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const FEED_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
/** What a post embeds of its comments (see Post.comments). */
export const FEED_COMMENTS = { embedded: 3, previewLength: 200 } as const;
/** GET /api/posts/:id/comments pages, oldest first, with X-Next-Cursor as the feed. */
export const COMMENTS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

/** Length limits of every member and post field (characters). */
export const SOCIAL_LIMITS = {
  firstName: 50,
  lastName: 50,
  location: 100,
  occupation: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 200,
  description: 5000,
  comment: 2000,
  fileName: 255,
} as const;

/** Validation messages shared by the API's `details` and the forms (docs/requirements/matrix-network.md#validation). */
export const FIELD_MESSAGES = {
  required: 'required',
  invalidEmail: 'invalid email',
  tooLong: (max: number) => `must be at most ${max} characters`,
  tooShort: (min: number) => `must be at least ${min} characters`,
  emailTaken: 'is already registered',
} as const;

export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The seeded guest account the lobby's sign-in form starts with. */
export const GUEST_ACCOUNT = { email: 'guest@example.com', password: 'guest-password' } as const;

/**
 * A member as the owner's admin API (`/api/admin/users`, `atelier users ...`) shows them: the
 * private email included, the password hash never.
 */
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** `GET /api/admin/users?q=&limit=`: `q` matches names and email (case-blind), newest members first. */
export const ADMIN_MEMBER_LIST = { defaultLimit: 100, maxLimit: 1000, maxQuery: 200 } as const;
