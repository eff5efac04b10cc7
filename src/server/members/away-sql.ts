import { sql, type SQL } from 'drizzle-orm';

// The domain's away rule (isAway in src/domain/trust.ts) in SQL, for the queries that leave an
// away member's things out (browse, saved-search matches, first offers): in force while
// away_from has come and away_until has not (docs/product/trust.md#away). Every read compares
// with the clock, so an absence starts and ends by itself with no job to clear it.

/** True while the member in `alias` (a users row alias, e.g. sql`u`) is away at `now` (default: the database's now()). */
export function awaySql(alias: SQL, now?: Date): SQL<boolean> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql<boolean>`(${alias}.away_from IS NOT NULL AND ${alias}.away_from <= ${at} AND ${alias}.away_until > ${at})`;
}
