import { sql, type SQL } from 'drizzle-orm';
import { awaySql } from '../members/away-sql';
import { suspendedSql } from '../members/suspension-sql';

// Who Wanted may reach, in SQL (docs/product/wanted.md#who-is-told). `alias` is a users row alias (sql`u`).

/** A member who may be told of a match: not suspended, not closed. */
export function reachableMemberSql(alias: SQL, now: Date): SQL<boolean> {
  return sql<boolean>`(${alias}.closed_at IS NULL AND NOT ${suspendedSql(alias, now)})`;
}

/**
 * THE one place that says who may be offered a puzzle first: not its owner, not suspended,
 * not closed, not away (docs/product/trust.md#away). Members skipped keep their place in line.
 */
export function offerableMemberSql(alias: SQL, ownerId: number, now: Date): SQL<boolean> {
  return sql<boolean>`(${alias}.id <> ${ownerId} AND ${reachableMemberSql(alias, now)} AND NOT ${awaySql(alias, now)})`;
}
