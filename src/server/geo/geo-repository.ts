import { sql } from 'drizzle-orm';
import type { GeoPoint } from '../../domain/near';
import { queryRows, type DbOrTx } from '../db/client';

// Members' points (users.latitude/longitude) and the locator's due times
// (docs/product/near-me.md#where-a-member-is).

export type LocateClaim = { id: number; postcode: string; attempts: number };

/**
 * After a profile save: a postcode that is not the one the point belongs to makes the old
 * point wrong, so it goes, and the new one is due now (or nothing is, without a postcode).
 */
export async function markPostcodeSaved(db: DbOrTx, memberId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE users SET latitude = NULL, longitude = NULL, located_postcode = NULL, locate_attempts = 0,
        locate_due_at = CASE WHEN postcode IS NULL THEN NULL ELSE ${now.toISOString()}::timestamptz END
      WHERE id = ${memberId} AND postcode IS DISTINCT FROM located_postcode
        AND (postcode IS NOT NULL OR latitude IS NOT NULL OR locate_due_at IS NOT NULL)
      RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Claims members whose look-up is due (all, or just `memberId`): each claimed row's due time
 * moves `leaseMs` ahead under its row lock (SKIP LOCKED: another process's claim is left to
 * it), so one look-up runs for it across processes; a claim whose process dies is simply due
 * again when the lease runs out.
 */
export function claimDueLookups(
  db: DbOrTx,
  now: Date,
  leaseMs: number,
  limit: number,
  memberId?: number,
): Promise<LocateClaim[]> {
  const at = now.toISOString();
  const one = memberId === undefined ? sql`` : sql` AND du.id = ${memberId}`;
  return queryRows<LocateClaim>(
    db,
    sql`UPDATE users u SET locate_due_at = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval
      FROM (SELECT du.id FROM users du
            WHERE du.locate_due_at <= ${at}::timestamptz AND du.postcode IS NOT NULL${one}
            ORDER BY du.locate_due_at LIMIT ${limit} FOR NO KEY UPDATE SKIP LOCKED) d
      WHERE u.id = d.id
      RETURNING u.id, u.postcode, u.locate_attempts AS attempts`,
  );
}

/** The service's answer for a claimed postcode, kept only if the member still has that postcode. */
export async function saveLocation(db: DbOrTx, claim: LocateClaim, point: GeoPoint | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE users SET latitude = ${point?.latitude ?? null}, longitude = ${point?.longitude ?? null},
        located_postcode = postcode, locate_due_at = NULL, locate_attempts = 0
      WHERE id = ${claim.id} AND postcode = ${claim.postcode} RETURNING id`,
  );
  return rows.length > 0;
}

/** The service failed: try again at `at` (if the postcode is still the one claimed). */
export async function scheduleRetry(db: DbOrTx, claim: LocateClaim, at: Date): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE users SET locate_due_at = ${at.toISOString()}::timestamptz, locate_attempts = locate_attempts + 1
      WHERE id = ${claim.id} AND postcode = ${claim.postcode}`,
  );
}
