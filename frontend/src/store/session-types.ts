import type { Member } from '@atelier/contracts';

// Session shapes the API does not define; members and posts are the API's own (@atelier/contracts).

/** The signed-in member, as login answers it (their own record, so with email and friends). */
export type SessionUser = Member;

/** A fictional trending member of the home page's widget, as the content API answers it. */
export type { TrendingUser } from '@atelier/contracts';
