import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { DATABASE } from '../../db/database.module';
import type { Database } from '../../db/database';
import { postComments } from '../../db/schema/post-comments.table';
import { postLikes } from '../../db/schema/post-likes.table';
import { posts } from '../../db/schema/posts.table';
import type { Transaction } from '../../db/transaction';
import { memberColumns, memberIdsWithEmails, memberJoin, readableMember } from '../users/users.reads';
import { feedPageQuery, recordColumns, type FeedPageWhere, type FeedPageWhose } from './feed-page.reads';

/** Where a page starts: just after this post in newest-first order. */
export interface FeedPosition {
  createdAt: Date;
  id: string;
}

interface PostRow {
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

/** A post with what the API shows of it: who likes it, its newest comments (cut short) and how many it has. */
export interface PostRecord extends PostRow {
  likedBy: string[];
  commentPreviews: string[];
  commentCount: number;
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

type PageStatementKey = `${FeedPageWhose}-${FeedPageWhere}`;

@Injectable()
export class PostsRepository {
  /**
   * The four shapes of a page (everyone's or one author's; first or after a cursor), each built and
   * prepared once: building the statement anew cost more than mapping its rows. On PostgreSQL each
   * is also a named prepared statement, parsed and planned once per connection.
   */
  private readonly pageStatements: Record<PageStatementKey, ReturnType<PostsRepository['preparePage']>>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.pageStatements = {
      'everyone-first': this.preparePage('everyone', 'first'),
      'everyone-after': this.preparePage('everyone', 'after'),
      'author-first': this.preparePage('author', 'first'),
      'author-after': this.preparePage('author', 'after'),
    };
  }

  /**
   * One page, newest first, optionally by one author. The (created_at, id) row comparison walks an
   * index from the cursor, so the cost depends on the page size only, not on how many posts exist.
   */
  async page({ authorId, after, limit, sandbox }: { authorId?: string; after?: FeedPosition; limit: number; sandbox: string | null }): Promise<PostRecord[]> {
    const statement = this.pageStatements[`${authorId ? 'author' : 'everyone'}-${after ? 'after' : 'first'}`];
    return statement.execute({ authorId, afterCreatedAt: after?.createdAt.toISOString(), afterId: after?.id, limit, sandbox });
  }

  private preparePage(whose: FeedPageWhose, where: FeedPageWhere) {
    return feedPageQuery(this.db, whose, where).prepare(`posts_page_${whose}_${where}`);
  }

  /**
   * What a guest sees beyond the shared page (see SandboxPages): the guest's own posts after `after`
   * (newest first, by the author index), and those of `postIds` the guest liked or commented on, as
   * the guest sees them. Any other post reads the same to the guest as to a member.
   */
  async sandboxOverlay({ sandbox, ownPosts, after, limit, postIds }: {
    sandbox: string;
    ownPosts: boolean;
    after?: FeedPosition;
    limit: number;
    postIds: string[];
  }): Promise<{ own: PostRecord[]; touched: PostRecord[] }> {
    const select = () => this.db.select(recordColumns(sandbox)).from(posts).innerJoin(...memberJoin(posts.userId));
    const afterCursor = after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
    const guestLiked = sql`exists (select 1 from ${postLikes} l where l.post_id = ${posts.id} and l.user_id = ${sandbox}::uuid)`;
    const guestCommented = sql`exists (select 1 from ${postComments} c where c.post_id = ${posts.id} and c.user_id = ${sandbox}::uuid)`;
    const [own, touched] = await Promise.all([
      ownPosts ? select().where(and(eq(posts.userId, sandbox), afterCursor)).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit) : [],
      postIds.length > 0 ? select().where(and(inArray(posts.id, postIds), or(guestLiked, guestCommented))) : [],
    ]);
    return { own, touched };
  }

  /** The post as a reader with `sandbox` sees it; undefined if it is gone or not theirs to see. */
  async findById(id: string, sandbox: string | null): Promise<PostRecord | undefined> {
    return this.readRecord(this.db, id, sandbox);
  }

  /**
   * Writes read their post back in their own transaction: what they answer is then known before the
   * commit, and a failure to read it undoes the write, so a write is answered as failed only when
   * nothing was stored (a client retrying a stored post would post it twice).
   */
  private async readRecord(executor: Pick<Database, 'select'>, id: string, sandbox: string | null): Promise<PostRecord | undefined> {
    const [record] = await executor
      .select(recordColumns(sandbox))
      .from(posts)
      .innerJoin(...memberJoin(posts.userId))
      .where(and(eq(posts.id, id), readableMember('users', sandbox)));
    return record;
  }

  /** The post's author and picture; undefined if it is gone or not for a reader with `sandbox` to see. */
  async authorOf(id: string, sandbox: string | null): Promise<{ userId: string; picturePath: string | null } | undefined> {
    const [row] = await this.db
      .select({ userId: posts.userId, picturePath: posts.picturePath })
      .from(posts)
      .innerJoin(...memberJoin(posts.userId))
      .where(and(eq(posts.id, id), readableMember('users', sandbox)));
    return row;
  }

  /** Whether any post still shows this picture (a guest sandbox's copies share the seeded guest's). */
  async pictureInUse(picturePath: string): Promise<boolean> {
    const [row] = await this.db.select({ id: posts.id }).from(posts).where(eq(posts.picturePath, picturePath)).limit(1);
    return row !== undefined;
  }

  async insert(values: { userId: string; description: string; picturePath: string | null }, sandbox: string | null): Promise<PostRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(posts).values(values).returning({ id: posts.id });
      return (await this.readRecord(tx, row.id, sandbox))!;
    });
  }

  /** The edited post, or undefined if it is gone. */
  async updateDescription(id: string, description: string, sandbox: string | null): Promise<PostRecord | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.update(posts).set({ description, updatedAt: sql`now()` }).where(eq(posts.id, id));
      return this.readRecord(tx, id, sandbox);
    });
  }

  /** Deletes the post (likes and comments go with it); answers its picture, if it had one. */
  async delete(id: string): Promise<{ picturePath: string | null } | undefined> {
    const [row] = await this.db.delete(posts).where(eq(posts.id, id)).returning({ picturePath: posts.picturePath });
    return row;
  }

  /**
   * Removes the member's like if present, adds it otherwise; answers the post (undefined if gone). The post's
   * row is locked first, so concurrent toggles of its likes apply one after the other, each seeing
   * the last one's result: without it, two toggles could both find no like, both insert, and count
   * as one. FOR NO KEY UPDATE leaves the likes' and comments' foreign-key checks (KEY SHARE) free.
   */
  async toggleLike(postId: string, userId: string, sandbox: string | null): Promise<PostRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [post] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('no key update');
      if (!post) return undefined;
      const removed = await tx
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
        .returning({ userId: postLikes.userId });
      if (removed.length === 0) await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
      return this.readRecord(tx, postId, sandbox);
    });
  }

  async addComment(values: { postId: string; userId: string; text: string }, sandbox: string | null): Promise<PostRecord | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.insert(postComments).values(values);
      return this.readRecord(tx, values.postId, sandbox);
    });
  }

  /** One page of a post's comments, oldest first, starting after the comment `afterId` if given. */
  async comments(postId: string, { afterId, limit, sandbox }: { afterId?: string; limit: number; sandbox: string | null }): Promise<CommentRow[]> {
    const after = afterId
      ? sql`(${postComments.createdAt}, ${postComments.id}) > (select c.created_at, c.id from ${postComments} c where c.id = ${afterId})`
      : undefined;
    return this.db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        authorId: memberColumns.id,
        firstName: memberColumns.firstName,
        lastName: memberColumns.lastName,
        picturePath: memberColumns.picturePath,
      })
      .from(postComments)
      .innerJoin(...memberJoin(postComments.userId))
      .where(and(eq(postComments.postId, postId), readableMember('users', sandbox), after))
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(limit);
  }

  /**
   * Copies the template's posts (with their likes and comments) to a new guest sandbox, and the
   * template's likes and comments of others' posts, in the transaction that opens the sandbox.
   */
  async copyToSandbox(tx: Transaction, templateId: string, sandboxId: string): Promise<void> {
    // The template's own rows become the sandbox's; everyone else's stay theirs.
    const asSandbox = (column: typeof postLikes.userId | typeof postComments.userId) =>
      sql`case when ${column} = ${templateId}::uuid then ${sandboxId}::uuid else ${column} end`;
    const ownPosts = await tx.select().from(posts).where(eq(posts.userId, templateId));
    for (const post of ownPosts) {
      const [copy] = await tx
        .insert(posts)
        .values({ ...post, id: undefined, userId: sandboxId })
        .returning({ id: posts.id });
      await tx.execute(sql`insert into ${postLikes} (post_id, user_id, created_at)
        select ${copy.id}::uuid, ${asSandbox(postLikes.userId)}, created_at from ${postLikes} where post_id = ${post.id}::uuid`);
      await tx.execute(sql`insert into ${postComments} (post_id, user_id, text, created_at)
        select ${copy.id}::uuid, ${asSandbox(postComments.userId)}, text, created_at from ${postComments} where post_id = ${post.id}::uuid`);
    }
    const othersPosts = sql`(select id from ${posts} where user_id = ${templateId}::uuid)`;
    await tx.execute(sql`insert into ${postLikes} (post_id, user_id, created_at)
      select post_id, ${sandboxId}::uuid, created_at from ${postLikes} where user_id = ${templateId}::uuid and post_id not in ${othersPosts}`);
    await tx.execute(sql`insert into ${postComments} (post_id, user_id, text, created_at)
      select post_id, ${sandboxId}::uuid, text, created_at from ${postComments} where user_id = ${templateId}::uuid and post_id not in ${othersPosts}`);
  }

  /**
   * Deletes the posts of `authorIds` (their likes and comments go with them) in the transaction that
   * removes those members; answers the pictures no remaining post shows (a copy of a seeded post
   * shares its picture).
   */
  async deleteByAuthors(tx: Transaction, authorIds: readonly string[]): Promise<string[]> {
    if (authorIds.length === 0) return [];
    const removed = await tx.delete(posts).where(inArray(posts.userId, [...authorIds])).returning({ picturePath: posts.picturePath });
    return picturesNoPostShows(tx, removed.flatMap((row) => (row.picturePath ? [row.picturePath] : [])));
  }

  /**
   * What goes with these members when they are removed: their posts, and the likes and comments by
   * them or on their posts. Counted in the transaction that removes them.
   */
  async countOfMembers(tx: Transaction, memberIds: readonly string[]): Promise<{ posts: number; likes: number; comments: number }> {
    if (memberIds.length === 0) return { posts: 0, likes: 0, comments: 0 };
    const ids = [...memberIds];
    const theirPosts = tx.select({ id: posts.id }).from(posts).where(inArray(posts.userId, ids));
    const count = sql<number>`count(*)`.mapWith(Number);
    const [{ posts: postCount }] = await tx.select({ posts: count }).from(posts).where(inArray(posts.userId, ids));
    const [{ likes }] = await tx.select({ likes: count }).from(postLikes).where(or(inArray(postLikes.userId, ids), inArray(postLikes.postId, theirPosts)));
    const [{ comments }] = await tx
      .select({ comments: count })
      .from(postComments)
      .where(or(inArray(postComments.userId, ids), inArray(postComments.postId, theirPosts)));
    return { posts: postCount, likes, comments };
  }

  /**
   * The author's content back to the seed's: their posts other than `seed.ownPosts` (by text), every
   * comment of theirs and their likes of posts by anyone but `seed.likedAuthors` (emails) go.
   * Answers the pictures of removed posts that no remaining post shows.
   */
  async restoreAuthorContent(authorId: string, seed: { ownPosts: readonly string[]; likedAuthors: readonly string[] }): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(posts)
        .where(and(eq(posts.userId, authorId), seed.ownPosts.length ? notInArray(posts.description, [...seed.ownPosts]) : undefined))
        .returning({ picturePath: posts.picturePath });
      await tx.delete(postComments).where(eq(postComments.userId, authorId));
      const seededLikes = tx.select({ id: posts.id }).from(posts).where(inArray(posts.userId, memberIdsWithEmails(seed.likedAuthors)));
      await tx.delete(postLikes).where(and(eq(postLikes.userId, authorId), notInArray(postLikes.postId, seededLikes)));
      return picturesNoPostShows(tx, removed.flatMap((row) => (row.picturePath ? [row.picturePath] : [])));
    });
  }
}

/** Of `paths`, the pictures no post shows any more (a copy of a seeded post shares its picture). */
async function picturesNoPostShows(tx: Pick<Database, 'selectDistinct'>, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const stillShown = await tx.selectDistinct({ picturePath: posts.picturePath }).from(posts).where(inArray(posts.picturePath, paths));
  const shown = new Set(stillShown.map((row) => row.picturePath));
  return [...new Set(paths)].filter((path) => !shown.has(path));
}
