import type { FriendSummary, Member } from '@atelier/contracts';
import type { FriendRow, UserRow } from './users.repository';

export function toFriendSummary(row: FriendRow): FriendSummary {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    occupation: row.occupation,
    location: row.location,
    picturePath: row.picturePath,
  };
}

/**
 * The API's member shape, built field by field so a new column (the hash above all) can never leak
 * by default. The email, and a guest sandbox's end, are private: only the member themself sees them.
 */
export function toMember(row: UserRow, friends: FriendRow[], { isSelf }: { isSelf: boolean }): Member {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    ...(isSelf ? { email: row.email } : {}),
    location: row.location,
    occupation: row.occupation,
    picturePath: row.picturePath,
    viewedProfile: row.viewedProfile,
    impressions: row.impressions,
    friends: friends.map(toFriendSummary),
    createdAt: row.createdAt.toISOString(),
    ...(isSelf && row.sandboxExpiresAt ? { sandboxExpiresAt: row.sandboxExpiresAt.toISOString() } : {}),
  };
}
