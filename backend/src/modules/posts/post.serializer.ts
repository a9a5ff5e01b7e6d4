import type { Post, PostComment } from '@atelier/contracts';
import type { CommentRow, PostRecord } from './posts.repository';

export function toPost(record: PostRecord): Post {
  return {
    _id: record.id,
    userId: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    location: record.location,
    description: record.description,
    picturePath: record.picturePath,
    userPicturePath: record.userPicturePath,
    likes: Object.fromEntries(record.likedBy.map((id) => [id, true as const])),
    comments: record.commentPreviews,
    commentCount: record.commentCount,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function toPostComment(row: CommentRow): PostComment {
  return {
    _id: row.id,
    postId: row.postId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    author: { _id: row.authorId, firstName: row.firstName, lastName: row.lastName, picturePath: row.picturePath },
  };
}
