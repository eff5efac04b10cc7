import { sql, type SQL } from 'drizzle-orm';
import { suspendedSql } from '../members/suspension-sql';

// Who Wanted may reach, in SQL (docs/product/wanted.md#who-is-told). `alias` is a users row alias (sql`u`).

/** A member who may be told of a match: not suspended, not closed. */
export function reachableMemberSql(alias: SQL, now: Date): SQL<boolean> {
  return sql<boolean>`(${alias}.closed_at IS NULL AND NOT ${suspendedSql(alias, now)})`;
}

/**
 * THE one place that says who may be offered a puzzle first: not its owner, not suspended,
 * not closed. Away members (on holiday) are skipped too once the users table knows who is
 * away: add that condition here, and only here. Members skipped keep their place in line.
 */
export function offerableMemberSql(alias: SQL, ownerId: number, now: Date): SQL<boolean> {
  return sql<boolean>`(${alias}.id <> ${ownerId} AND ${reachableMemberSql(alias, now)})`;
}
