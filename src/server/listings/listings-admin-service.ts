import { sql } from 'drizzle-orm';
import { LISTING_STATUSES, type ListingStatus } from '../../domain/enums';
import type { Listing } from '../../domain/listings';
import type { DbOrTx } from '../db/client';
import { puzzleListings } from '../db/schema';
import { forgetBrowseCaches } from './browse-repository';
import { memberListingViews } from './listings-repository';

// What the admin panel asks of listings: how many there are in each status, a member's
// listings, and telling browse that cards changed (an owner suspended or back, a
// manufacturer renamed).

/** How many listings are in each status, every status named (the admin overview). */
export async function listingCountsByStatus(db: DbOrTx): Promise<Record<ListingStatus, number>> {
  const counts = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<ListingStatus, number>;
  const rows = await db
    .select({ status: puzzleListings.status, n: sql<number>`count(*)::int` })
    .from(puzzleListings)
    .groupBy(puzzleListings.status);
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Every listing of a member, whatever its status, newest first (the admin member page). */
export function memberListingsForAdmin(db: DbOrTx, memberId: number): Promise<Listing[]> {
  return memberListingViews(db, memberId);
}

/**
 * What browse remembers (counts, cards) is forgotten: call after the commit of a change that
 * alters which listings browse shows or what their cards say, made outside the listings room.
 */
export function listingCardsChanged(): void {
  forgetBrowseCaches();
}
