import type pg from 'pg';
import { AppError } from '../../domain/errors';
import type { Favorite } from '../../domain/favorites';
import type { Listing } from '../../domain/listings';
import type { DbOrTx } from '../db/client';
import type { Favorite as FavoriteRow } from '../db/schema';
import { favoritesWithListings, listingForViewer } from '../listings/listings-service';
import { addFavorite, removeFavorite } from './favorites-repository';

// A member's favourites (docs/product/listings.md#favourites). The id is always the LISTING id, for add and
// remove alike (the profile area calls DELETE /favorites/{id} with it too), and every
// call acts on the signed-in member's own list only: nobody can touch another's.

export const NOT_A_FAVORITE_MESSAGE = 'This puzzle is not in your favourites.';

/** A stored favourite's createdAt is a Date, or text from a raw query's row. */
function toFavorite(
  row: Pick<FavoriteRow, 'id' | 'puzzleListingId'> & { createdAt: Date | string },
  listing: Listing,
): Favorite {
  return {
    id: row.id,
    puzzleListingId: row.puzzleListingId,
    createdAt: new Date(row.createdAt).toISOString(),
    listing,
  };
}

/**
 * The member's favourites, most recently added first. Favourites of listings that are no
 * longer live (drafted, archived, sold) are kept but not shown: their details are the
 * owner's alone now, and they come back if it is relisted. `pool` (PostgreSQL): the statement
 * is prepared there.
 */
export async function listFavorites(db: DbOrTx, memberId: number, pool?: pg.Pool): Promise<Favorite[]> {
  const rows = await favoritesWithListings(db, memberId, pool);
  return rows.map((row) => toFavorite(row, row.listing));
}

/** Adds a live listing the member can see; adding twice is not an error (a double tap): `created` says which. */
export async function favoriteListing(
  db: DbOrTx,
  memberId: number,
  listingId: number,
): Promise<{ favorite: Favorite; created: boolean }> {
  // A draft someone else owns does not exist for them; their own draft cannot be a favourite.
  // The puzzle page's own statement, so prepared on PostgreSQL (findListingPage).
  const listing = await listingForViewer(db, listingId, memberId);
  if (listing.status !== 'active') throw new AppError('LISTING_NOT_FOUND');
  const { favorite, created } = await addFavorite(db, memberId, listingId);
  return { favorite: toFavorite(favorite, { ...listing, isFavorite: true }), created };
}

export async function unfavoriteListing(db: DbOrTx, memberId: number, listingId: number): Promise<void> {
  if (!(await removeFavorite(db, memberId, listingId))) throw new AppError('NOT_FOUND', NOT_A_FAVORITE_MESSAGE);
}
