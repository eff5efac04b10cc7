import type pg from 'pg';
import type { BrowseQuery } from '../../domain/listings';
import type { DbOrTx } from '../db/client';
import { browseListings, cachedActiveListingYears } from './browse-repository';

// One page of browse as the answer's JSON text, for GET /puzzle-listings and for other
// features that answer browse's page object (a saved search's matches, docs/product/wanted.md).

/** The page object: the items are the JSON the database built, spliced in (docs/performance.md). */
export async function browsePageBody(
  db: DbOrTx,
  query: BrowseQuery,
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
