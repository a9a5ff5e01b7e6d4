import { sql, type SQL } from 'drizzle-orm';
import { posts } from '../../db/schema/posts.table';

// What other modules' repositories may read of posts, inside their own statements. Posts are
// written through PostsService only.

/**
 * How many posts the member `memberId` (a qualified column, e.g. "users"."id") has written; walks
 * posts_author_feed_idx. Every name is spelled out: Drizzle leaves columns unqualified in a
 * one-table select, where a bare "user_id" could mean another table's.
 */
export const postCountOf = (memberId: SQL): SQL<number> =>
  sql<number>`(select count(*)::int from ${posts} where ${posts}.${sql.identifier(posts.userId.name)} = ${memberId})`;
