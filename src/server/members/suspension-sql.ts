import { sql, type SQL } from 'drizzle-orm';

// The domain's suspension rule (isSuspended in src/domain/admin.ts) in SQL, for the queries
// that must leave a suspended member's things out (browse) or count them (the admin panel):
// in force while suspended_at is set and suspended_until is null or still ahead.

/** True while the member in `alias` (a users row alias, e.g. sql`u`) is suspended at `now` (default: the database's now()). */
export function suspendedSql(alias: SQL, now?: Date): SQL<boolean> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql<boolean>`(${alias}.suspended_at IS NOT NULL AND (${alias}.suspended_until IS NULL OR ${alias}.suspended_until > ${at}))`;
}
