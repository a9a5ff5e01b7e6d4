import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/users.table';

// What other modules' repositories may read of members, inside their own statements (a page stays
// one round trip). Members are written through UsersService only.

/**
 * Whether the member `table` names (the users table, or an alias of it in a subquery) is one a reader
 * may see: every member who is not sandboxed, and the reader's own sandbox (`sandbox`: its id, or null
 * for a member reading). Sandboxed rows are few, so this costs one look at a row already joined.
 */
export const readableMember = (table: string, sandbox: unknown): SQL => {
  const member = sql.identifier(table);
  return sql`(not ${member}.sandboxed or ${member}.id = ${sandbox}::uuid)`;
};

/** The members table, to name in raw SQL (`join ${membersTable} liker on liker.id = l.user_id`). */
export const membersTable: SQL = sql`${users}`;

/** Joins the member `memberId` names, as `users`: `.innerJoin(...memberJoin(posts.userId))`. */
export const memberJoin = (memberId: AnyPgColumn) => [users, eq(users.id, memberId)] as const;

/** A joined member's public card. */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  location: users.location,
  picturePath: users.picturePath,
};

/** The ids of the members (not sandboxed) with these emails, as a subquery for `in`. */
export function memberIdsWithEmails(emails: readonly string[]): SQL {
  if (emails.length === 0) return sql`(select null::uuid where false)`;
  const column = (name: string) => sql`${users}.${sql.identifier(name)}`;
  return sql`(select ${column(users.id.name)} from ${users} where ${column(users.email.name)} in ${[...emails]} and not ${column(users.sandboxed.name)})`;
}
