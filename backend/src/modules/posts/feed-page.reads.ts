import { FEED_COMMENTS } from '@atelier/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../../db/database';
import { postComments } from '../../db/schema/post-comments.table';
import { postLikes } from '../../db/schema/post-likes.table';
import { posts } from '../../db/schema/posts.table';
import { memberColumns, memberJoin, membersTable, readableMember } from '../users/users.reads';

// The feed page's query, in one place: PostsRepository prepares it, and the feed bench's bare
// baseline (bench/src/lib/bare-server.mjs) runs the same SQL from the built file, so the two cannot drift.

const postColumns = {
  id: posts.id,
  userId: posts.userId,
  description: posts.description,
  picturePath: posts.picturePath,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  firstName: memberColumns.firstName,
  lastName: memberColumns.lastName,
  location: memberColumns.location,
  userPicturePath: memberColumns.picturePath,
};

// Constants of the API, not input: written into the statements as they are.
const EMBEDDED = sql.raw(String(FEED_COMMENTS.embedded));
const PREVIEW_LENGTH = sql.raw(String(FEED_COMMENTS.previewLength));
const CUT_LENGTH = sql.raw(String(FEED_COMMENTS.previewLength - 1));

/**
 * A post with its likes, newest comments and comment count in one round trip: each correlated
 * subquery walks the index by post id, so a page costs the same whatever the table sizes. Likes and
 * comments of members the reader may not see (other guests' sandboxes) are left out; `sandbox` is
 * the reader's own sandbox, or null.
 */
export function recordColumns(sandbox: unknown) {
  // The newest comments, cut to a preview, oldest first: a post's embedded comments stay a few hundred bytes.
  const commentPreviews = sql<string[]>`coalesce((select json_agg(newest.preview order by newest.created_at, newest.id) from (
    select case when char_length(c.text) > ${PREVIEW_LENGTH} then left(c.text, ${CUT_LENGTH}) || '…' else c.text end as preview,
      c.created_at, c.id
    from ${postComments} c join ${membersTable} commenter on commenter.id = c.user_id
    where c.post_id = ${posts.id} and ${readableMember('commenter', sandbox)}
    order by c.created_at desc, c.id desc limit ${EMBEDDED}) as newest), '[]'::json)`;
  return {
    ...postColumns,
    likedBy: sql<string[]>`coalesce((select json_agg(l.user_id) from ${postLikes} l join ${membersTable} liker on liker.id = l.user_id
      where l.post_id = ${posts.id} and ${readableMember('liker', sandbox)}), '[]'::json)`,
    commentPreviews,
    commentCount: sql<number>`(select count(*)::int from ${postComments} c join ${membersTable} commenter on commenter.id = c.user_id
      where c.post_id = ${posts.id} and ${readableMember('commenter', sandbox)})`,
  };
}

/** The page statement's parameters, by name. */
const pageParams = {
  authorId: sql.placeholder('authorId'),
  afterCreatedAt: sql.placeholder('afterCreatedAt'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
  sandbox: sql.placeholder('sandbox'),
};

export type FeedPageWhose = 'everyone' | 'author';
export type FeedPageWhere = 'first' | 'after';

/** One shape of a page (everyone's or one author's; first or after a cursor), its values left as named placeholders. */
export function feedPageQuery(db: Pick<Database, 'select'>, whose: FeedPageWhose, where: FeedPageWhere) {
  const conditions: SQL[] = [readableMember('users', pageParams.sandbox)];
  if (whose === 'author') conditions.push(eq(posts.userId, pageParams.authorId));
  if (where === 'after') {
    conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${pageParams.afterCreatedAt}::timestamptz, ${pageParams.afterId}::uuid)`);
  }
  return db
    .select(recordColumns(pageParams.sandbox))
    .from(posts)
    .innerJoin(...memberJoin(posts.userId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(pageParams.limit);
}

/** The page's placeholders by name, as `feedPageQuery` takes them (those not given are null). */
export type FeedPageValues = Partial<Record<keyof typeof pageParams, unknown>>;

/**
 * The page's SQL text without a database, for the bench's baseline and its query plans: `values`
 * puts named values in the order of its `$1`, `$2`...; a row's values come in the order of `columns`.
 */
export function feedPageSql(whose: FeedPageWhose, where: FeedPageWhere) {
  const { sql: text, params } = feedPageQuery(drizzle.mock(), whose, where).toSQL();
  const names = params.map((param) => (param as { name: keyof typeof pageParams }).name);
  return {
    sql: text,
    values: (named: FeedPageValues) => names.map((name) => named[name] ?? null),
    columns: Object.keys(recordColumns(null)),
  };
}
