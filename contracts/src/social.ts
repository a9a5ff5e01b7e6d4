// Matrix Network: the shapes of members, posts and comments as the API answers them, and the
// field rules both the backend's schemas and the frontend's forms apply.

/** A friend as listed on a member (55px avatar rows). */
export interface FriendSummary {
  _id: string;
  firstName: string;
  lastName: string;
  occupation: string;
  location: string;
  picturePath: string;
}

/** A member as `GET /users/:id` and login answer it. `email` is present only on the member's own record. */
export interface Member {
  _id: string;
  firstName: string;
  lastName: string;
  email?: string;
  location: string;
  occupation: string;
  /** A file name under `/assets/users/`. */
  picturePath: string;
  /** Distinct other members who opened this profile. */
  viewedProfile: number;
  /** How often this member's posts were delivered to other members' feeds. */
  impressions: number;
  friends: FriendSummary[];
  createdAt: string;
  /**
   * Only on a guest's own sandbox, to themself (each guest sign-in is one): when it, and everything
   * posted, liked, commented or befriended in it, is removed. Nobody else sees any of it meanwhile.
   */
  sandboxExpiresAt?: string;
}

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

export interface LoginResponse {
  user: Member;
  token: string;
}

export interface Post {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  location: string;
  description: string;
  /** A file name under `/assets/posts/`, or null for a text-only post. */
  picturePath: string | null;
  /** The author's picture, a file name under `/assets/users/`. */
  userPicturePath: string;
  /** `{ memberId: true }` for every member who likes the post. */
  likes: Record<string, true>;
  /**
   * The newest comments' texts (at most FEED_COMMENTS.embedded), oldest first, each cut to
   * FEED_COMMENTS.previewLength characters (ending in '…' when cut): a page of posts stays small
   * however many comments they have. Every comment, whole: GET /api/posts/:id/comments.
   */
  comments: string[];
  /** How many comments the post has in all. */
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface PostComment {
  _id: string;
  postId: string;
  text: string;
  createdAt: string;
  author: Pick<FriendSummary, '_id' | 'firstName' | 'lastName' | 'picturePath'>;
}

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

/** Validation messages shared by the API's `details` and the forms (spec section 5). */
export const FIELD_MESSAGES = {
  required: 'required',
  invalidEmail: 'invalid email',
  tooLong: (max: number) => `must be at most ${max} characters`,
  tooShort: (min: number) => `must be at least ${min} characters`,
  emailTaken: 'is already registered',
} as const;

/** What the register and post forms accept (spec: .jpg, .jpeg, .png, one file). */
export const PICTURE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The seeded guest account the lobby's sign-in form starts with. */
export const GUEST_ACCOUNT = { email: 'guest@example.com', password: 'guest-password' } as const;

/**
 * A member as the owner's admin API (`/api/admin/users`, `atelier users ...`) shows them: the
 * private email included, the password hash never.
 */
export interface AdminMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  location: string;
  occupation: string;
  createdAt: string;
  /** A disabled member can neither sign in nor use a token they already hold. */
  disabled: boolean;
  disabledAt: string | null;
  friends: number;
  posts: number;
}

/** `GET /api/admin/users?q=&limit=`: `q` matches names and email (case-blind), newest members first. */
export const ADMIN_MEMBER_LIST = { defaultLimit: 100, maxLimit: 1000, maxQuery: 200 } as const;
