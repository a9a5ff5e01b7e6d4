import type { Member, Post } from '@atelier/contracts';
import { testMember } from '../../test/fixtures';

// Members and posts the network specs share; the signed-in member is the app's testMember (u1).

export const alan: Member = {
  _id: 'u2',
  firstName: 'Alan',
  lastName: 'Turing',
  location: 'Wilmslow',
  occupation: 'Mathematician',
  picturePath: 'alan.png',
  viewedProfile: 12,
  impressions: 34,
  friends: [],
  createdAt: '2026-01-02T03:04:05.000Z',
};


export const me = testMember;

/**
 * A post by `author` (Alan unless told), text-only, with no likes or comments. Given embedded
 * comments, it counts just those unless `commentCount` says it has more (the API embeds the newest few).
 */
export function makePost(id: string, description: string, author: Member = alan, extra: Partial<Post> = {}): Post {
  return {
    _id: id,
    userId: author._id,
    firstName: author.firstName,
    lastName: author.lastName,
    location: author.location,
    description,
    picturePath: null,
    userPicturePath: author.picturePath,
    likes: {},
    comments: [],
    commentCount: extra.comments?.length ?? 0,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...extra,
  };
}
