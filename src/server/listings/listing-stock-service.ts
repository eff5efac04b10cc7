import type { DbOrTx } from '../db/client';
import type { PuzzleListing } from '../db/schema';
import { findListing, updateListing } from './listings-repository';

// A listing as the puzzle a trade is about: its row and lock, held (unavailable) while a
// trade is under way, sold when one completes. Trades and messages call this; members' own
// calls go through listings-service.ts. The two are apart because listings-service asks the
// trades service (a listing leaving the club closes its pending requests): trades can call
// this file without an import cycle.

export { findListing, markListingSold } from './listings-repository';

/** The listing locked for the rest of the transaction (lock order: listing, trade, members). */
export function lockListing(
  tx: DbOrTx,
  id: number,
  opts: { skipLocked?: boolean } = {},
): Promise<PuzzleListing | null> {
  return findListing(tx, id, { forUpdate: true, skipLocked: opts.skipLocked });
}

/**
 * Availability while a trade holds the listing. Only an active listing is touched: the
 * listings service refuses status changes while a trade is under way, so "active" is what it
 * was when the trade was accepted. Browse forgets its cached cards (updateListing), so the
 * change shows at once.
 */
export async function setListingAvailability(
  tx: DbOrTx,
  listing: PuzzleListing,
  available: boolean,
  now: Date,
): Promise<void> {
  if (listing.status !== 'active' || listing.isAvailable === available) return;
  await updateListing(tx, listing.id, { isAvailable: available, updatedAt: now });
}

/**
 * The end of the first offer holding the listing, or null when none does
 * (docs/product/wanted.md#the-first-offer); Wanted keeps it with its offer rows. Browse cards
 * carry it and are forgotten like any change (updateListing).
 */
export async function setListingHeldUntil(tx: DbOrTx, listing: PuzzleListing, until: Date | null): Promise<void> {
  if ((listing.heldUntil?.getTime() ?? null) === (until?.getTime() ?? null)) return;
  await updateListing(tx, listing.id, { heldUntil: until });
  listing.heldUntil = until;
}
