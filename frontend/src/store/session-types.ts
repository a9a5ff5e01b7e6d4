import type { Member } from '@atelier/contracts';

// Session shapes the API does not define; members and posts are the API's own (@atelier/contracts).

/** The signed-in member, as login answers it (their own record, so with email and friends). */
export type SessionUser = Member;

export interface TrendingUser {
  _id: string;
  firstName: string;
  lastName: string;
  picturePath: string;
  location: string;
}
