import { sql, type SQL } from 'drizzle-orm';
import type { MemberStatus } from '../../domain/members';
import { suspendedSql } from './suspension-sql';

// Where a membership stands, in SQL: the one rule the directory, the member home's community
// highlights, the admin overview and the users table's status filter all count by
// (memberStatus in src/domain/admin.ts is the same rule for one row; decision 0028).

/**
 * A member who finished joining (set a password) and has not left: closing a membership
 * erases the password, so this one test covers both. `alias` is a users row alias (sql`u`).
 */
export function joinedMemberSql(alias: SQL): SQL<boolean> {
  return sql<boolean>`(${alias}.password_hash IS NOT NULL)`;
}

/** The members in `status` at `now`, as memberStatus decides it. */
export function memberStatusSql(alias: SQL, status: MemberStatus, now?: Date): SQL<boolean> {
  const closed = sql`${alias}.closed_at IS NOT NULL`;
  const suspended = suspendedSql(alias, now);
  switch (status) {
    case 'closed':
      return sql<boolean>`(${closed})`;
    case 'suspended':
      return sql<boolean>`(NOT ${closed} AND ${suspended})`;
    case 'not_joined':
      return sql<boolean>`(NOT ${closed} AND NOT ${suspended} AND NOT ${joinedMemberSql(alias)})`;
    case 'active':
      return sql<boolean>`(NOT ${closed} AND NOT ${suspended} AND ${joinedMemberSql(alias)})`;
  }
}
