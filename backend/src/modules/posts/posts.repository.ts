import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { postComments } from '../../db/schema/post-comments.table';
import { postLikes } from '../../db/schema/post-likes.table';
import { posts } from '../../db/schema/posts.table';
import { users } from '../../db/schema/users.table';

/** Where a page starts: just after this post in newest-first order. */
export interface FeedPosition {
  createdAt: Date;
  id: string;
}

export interface PostRow {
  id: string;
  userId: string;
  description: string;
  picturePath: string | null;
  createdAt: Date;
  updatedAt: Date;
  firstName: string;
  lastName: string;
  location: string;
  userPicturePath: string;
}

/** A post with what the API shows of it: who likes it and its comments' texts. */
export interface PostRecord extends PostRow {
  likedBy: string[];
  commentTexts: string[];
}

export interface CommentRow {
  id: string;
  postId: string;
  text: string;
  createdAt: Date;
  authorId: string;
  firstName: string;
  lastName: string;
  picturePath: string;
}

const postColumns = {
  id: posts.id,
  userId: posts.userId,
  description: posts.description,
  picturePath: posts.picturePath,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  location: users.location,
  userPicturePath: users.picturePath,
};

@Injectable()
export class PostsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page, newest first, optionally by one author. The (created_at, id) row comparison walks an
   * index from the cursor, so the cost depends on the page size only, not on how many posts exist.
   */
  async page({ authorId, after, limit }: { authorId?: string; after?: FeedPosition; limit: number }): Promise<PostRecord[]> {
    const conditions: SQL[] = [];
    if (authorId) conditions.push(eq(posts.userId, authorId));
    if (after) conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
    const rows = await this.db
      .select(postColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
    return this.withLikesAndComments(rows);
  }

  async findById(id: string): Promise<PostRecord | undefined> {
    const rows = await this.db.select(postColumns).from(posts).innerJoin(users, eq(users.id, posts.userId)).where(eq(posts.id, id));
    const [record] = await this.withLikesAndComments(rows);
    return record;
  }

  async authorOf(id: string): Promise<{ userId: string; picturePath: string | null } | undefined> {
    const [row] = await this.db.select({ userId: posts.userId, picturePath: posts.picturePath }).from(posts).where(eq(posts.id, id));
    return row;
  }

  async insert(values: { userId: string; description: string; picturePath: string | null }): Promise<string> {
    const [row] = await this.db.insert(posts).values(values).returning({ id: posts.id });
    return row.id;
  }

  async updateDescription(id: string, description: string): Promise<void> {
    await this.db.update(posts).set({ description, updatedAt: sql`now()` }).where(eq(posts.id, id));
  }

  /** Deletes the post (likes and comments go with it); answers its picture, if it had one. */
  async delete(id: string): Promise<{ picturePath: string | null } | undefined> {
    const [row] = await this.db.delete(posts).where(eq(posts.id, id)).returning({ picturePath: posts.picturePath });
    return row;
  }

  /** Removes the member's like if present, adds it otherwise. */
  async toggleLike(postId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
        .returning({ userId: postLikes.userId });
      if (removed.length === 0) await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
    });
  }

  async addComment(values: { postId: string; userId: string; text: string }): Promise<void> {
    await this.db.insert(postComments).values(values);
  }

  async comments(postId: string): Promise<CommentRow[]> {
    return this.db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        authorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        picturePath: users.picturePath,
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(eq(postComments.postId, postId))
      .orderBy(asc(postComments.createdAt), asc(postComments.id));
  }

  /** Two indexed lookups for the whole page, however many posts it has. */
  private async withLikesAndComments(rows: PostRow[]): Promise<PostRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [likes, comments] = await Promise.all([
      this.db.select({ postId: postLikes.postId, userId: postLikes.userId }).from(postLikes).where(inArray(postLikes.postId, ids)),
      this.db
        .select({ postId: postComments.postId, text: postComments.text })
        .from(postComments)
        .where(inArray(postComments.postId, ids))
        .orderBy(asc(postComments.createdAt), asc(postComments.id)),
    ]);
    const likedBy = groupBy(likes, (like) => like.postId, (like) => like.userId);
    const texts = groupBy(comments, (comment) => comment.postId, (comment) => comment.text);
    return rows.map((row) => ({ ...row, likedBy: likedBy.get(row.id) ?? [], commentTexts: texts.get(row.id) ?? [] }));
  }
}

function groupBy<T, V>(items: T[], key: (item: T) => string, value: (item: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(value(item));
    else groups.set(key(item), [value(item)]);
  }
  return groups;
}
