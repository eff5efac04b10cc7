import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { BrowseFilters, BrowseQuestion } from '../../domain/browse';
import type { GeoPoint } from '../../domain/near';
import { queryRows, type DbOrTx } from '../db/client';
import { browseWhere } from './browse-query';
import { browseListings, cachedActiveListingYears } from './browse-repository';

// One page of browse as the answer's JSON text, for GET /puzzle-listings and for other
// features that answer browse's page object (a saved search's matches, docs/product/wanted.md).

/** The page object: the items are the JSON the database built, spliced in (docs/performance.md). */
export async function browsePageBody(
  db: DbOrTx,
  query: BrowseQuestion,
  viewerId: number | null,
  pool?: pg.Pool,
): Promise<string> {
  const [page, years] = await Promise.all([
    browseListings(db, query, viewerId, { pool }),
    cachedActiveListingYears(db),
  ]);
  const { itemsJson, ...rest } = page;
  const head = JSON.stringify({ ...rest, years });
  return `{"items":${itemsJson},${head.slice(1)}`;
}

/**
 * Whether browse would show this listing for a question's place part (Location as text, or
 * Max Distance from `origin`): the owner's town, postcode area, show-location choice and point
 * are read by browse's own SQL, so a saved search's alert agrees with its matches page
 * (docs/product/wanted.md#alerts).
 */
export async function listingInPlace(
  db: DbOrTx,
  listingId: number,
  place: Pick<BrowseFilters, 'location' | 'maxDistance'> & { origin?: GeoPoint },
): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM puzzle_listings p WHERE p.id = ${listingId} AND ${browseWhere(place)}) AS found`,
  );
  return rows[0]?.found === true;
}
