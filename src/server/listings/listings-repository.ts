import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { puzzleListings, type NewPuzzleListing, type PuzzleListing } from '../db/schema';
import { ownerNotSuspended } from './browse-query';
import { forgetBrowseCaches } from './browse-repository';
import { queryFixedPlan } from '../db/prepared-statements';
import type { Listing, ListingDetail } from '../../domain/listings';
import { iso, listingJson, listingViewJoins } from './listing-view';

// Reading and writing single listings. Every write forgets what browse remembers (counts,
// cards, years: browse-repository.ts), so the next page shows the change. Inside a
// transaction, call forgetBrowseCaches() once more after the commit (a browse in between may
// have remembered the old state); a listing that stops being active leaves browse at once
// regardless, as the page's ids are never remembered.

/** A listing as the API shows it, whatever its status (callers decide who may see it). */
export async function findListingView(db: DbOrTx, id: number, viewerId: number | null): Promise<Listing | null> {
  const [row] = await queryRows<{ listing: Listing }>(
    db,
    sql`SELECT ${listingJson(viewerId)} AS listing FROM puzzle_listings p ${listingViewJoins} WHERE p.id = ${id}`,
  );
  return row?.listing ?? null;
}

/**
 * A new listing and its answer (as its owner sees it) in one statement: the insert is a
 * data-changing CTE the answer is read from, so a new listing needs no transaction and costs one
 * round trip (docs/performance.md, "Publishing with Wanted"). `alongside`: a statement run in
 * the same one, given the new listing's id (a live listing's Wanted queue row). `also`: a value
 * the caller wants answered from the same snapshot.
 */
export async function insertListingAnswered<T = null>(
  db: DbOrTx,
  values: NewPuzzleListing,
  options: { alongside?: (newId: SQL) => SQL; also?: SQL<T>; pool?: pg.Pool } = {},
): Promise<{ listing: Listing; also: T }> {
  const insert = db.insert(puzzleListings).values(values).returning().getSQL();
  const alongside = options.alongside ? sql`, alongside AS (${options.alongside(sql`(SELECT id FROM p)`)})` : sql``;
  // Prepared on PostgreSQL (`pool`, outside a transaction only): planning the insert and its
  // CTEs was a large part of PostgreSQL's work for a publish (with the rate limit's count also
  // prepared, 3.8-4.4 -> 2.7 ms of its CPU: docs/performance.md, "Publishing with Wanted"). Its
  // text changes only with which form fields were given, so a connection keeps a handful.
  const [row] = await queryFixedPlan<{ listing: Listing; also: T }>(
    db,
    options.pool,
    sql`WITH p AS (${insert})${alongside}
      SELECT ${listingJson(values.userId)} AS listing, ${options.also ?? sql`NULL`} AS also FROM p ${listingViewJoins}`,
  );
  forgetBrowseCaches();
  return row!;
}

/** What the puzzle page needs to know of the owner: suspended (the page is gone) or away. */
export type OwnerStanding = {
  suspendedAt: string | null;
  suspendedUntil: string | null;
  awayFrom: string | null;
  awayUntil: string | null;
};

/**
 * The puzzle page's answer in one query: the listing; for a signed-in viewer, their open
 * request for it (the partial unique index on requester and listing finds it); and the owner's
 * standing (suspended, away), by primary key, so the page needs no second round trip.
 */
export async function findListingPage(
  db: DbOrTx,
  id: number,
  viewerId: number | null,
  /** On PostgreSQL, the statement is prepared there: planned once a connection (queryFixedPlan). */
  pool?: pg.Pool,
): Promise<{ listing: Listing; request: ListingDetail['myOpenRequest']; owner: OwnerStanding | null } | null> {
  const request =
    viewerId === null
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('tradeId', t.id, 'status', t.status,
            'createdAt', ${iso(sql`t.created_at`)})
          FROM trade_requests t
          WHERE t.requester_id = ${viewerId} AND t.puzzle_listing_id = p.id
            AND t.status IN ('pending', 'accepted', 'shipped', 'disputed')
          LIMIT 1)`;
  // Planning this statement (the listing's forty fields, the owner's row, the request)
  // cost PostgreSQL several times running it (docs/performance.md, 'Club evening').
  const [row] = await queryFixedPlan<{
    listing: Listing;
    request: ListingDetail['myOpenRequest'];
    owner: OwnerStanding | null;
  }>(
    db,
    pool,
    sql`SELECT ${listingJson(viewerId)} AS listing, ${request} AS request,
        (SELECT json_build_object('suspendedAt', ${iso(sql`s.suspended_at`)},
            'suspendedUntil', ${iso(sql`s.suspended_until`)}, 'awayFrom', ${iso(sql`s.away_from`)},
            'awayUntil', ${iso(sql`s.away_until`)})
          FROM users s WHERE s.id = p.user_id) AS owner
      FROM puzzle_listings p ${listingViewJoins} WHERE p.id = ${id}`,
  );
  return row ? { listing: row.listing, request: row.request ?? null, owner: row.owner } : null;
}

/** All of a member's listings, newest first (My Listings). */
export async function memberListingViews(db: DbOrTx, ownerId: number, pool?: pg.Pool): Promise<Listing[]> {
  // On PostgreSQL, prepared on `pool`: planned once a connection (see findListingPage).
  const rows = await queryFixedPlan<{ listing: Listing }>(
    db,
    pool,
    sql`SELECT ${listingJson(ownerId)} AS listing FROM puzzle_listings p ${listingViewJoins}
      WHERE p.user_id = ${ownerId} ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((r) => r.listing);
}

/**
 * A member's active listings, newest first (their member page), at most `limit`; none to others
 * while the member is suspended (docs/product/administration.md#suspensions: their listings are shown to nobody else).
 */
export async function activeListingViewsOf(
  db: DbOrTx,
  ownerId: number,
  viewerId: number | null,
  limit: number,
): Promise<Listing[]> {
  const rows = await queryRows<{ listing: Listing }>(
    db,
    sql`SELECT ${listingJson(viewerId)} AS listing FROM puzzle_listings p ${listingViewJoins}
      WHERE p.user_id = ${ownerId} AND p.status = 'active' AND (${ownerNotSuspended} OR p.user_id = ${viewerId})
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => r.listing);
}

/**
 * A member's favourites with their listings as they see them, most recently added first, in
 * one query. Those whose listing is no longer live, or whose owner is suspended, are left out
 * (the member's own listings always show): kept, and shown again if it comes back.
 */
export async function favoriteListingViews(
  db: DbOrTx,
  memberId: number,
  pool?: pg.Pool,
): Promise<Array<{ id: number; puzzleListingId: number; createdAt: Date | string; listing: Listing }>> {
  // On PostgreSQL, prepared on `pool`: planned once a connection (see findListingPage).
  return queryFixedPlan<{ id: number; puzzleListingId: number; createdAt: Date | string; listing: Listing }>(
    db,
    pool,
    sql`SELECT f.id, f.puzzle_listing_id AS "puzzleListingId", f.created_at AS "createdAt",
        ${listingJson(memberId)} AS listing
      FROM favorites f JOIN puzzle_listings p ON p.id = f.puzzle_listing_id ${listingViewJoins}
      WHERE f.user_id = ${memberId} AND ((p.status = 'active' AND ${ownerNotSuspended}) OR p.user_id = ${memberId})
      ORDER BY f.created_at DESC, f.id DESC`,
  );
}

/**
 * The row, locked for the rest of the transaction when `forUpdate` (FOR NO KEY UPDATE, the
 * lock an UPDATE takes: it leaves foreign-key checks of other transactions alone; see "Locks
 * and transactions" in docs/architecture.md). With `skipLocked` (the sweeper) a row another
 * process holds is passed over (null) instead of waited for.
 */
export async function findListing(
  db: DbOrTx,
  id: number,
  opts: { forUpdate?: boolean; skipLocked?: boolean } = {},
): Promise<PuzzleListing | null> {
  const query = db.select().from(puzzleListings).where(eq(puzzleListings.id, id));
  const [row] = opts.forUpdate
    ? await query.for('no key update', opts.skipLocked ? { skipLocked: true } : undefined)
    : await query;
  return row ?? null;
}

export async function updateListing(db: DbOrTx, id: number, values: Partial<NewPuzzleListing>): Promise<PuzzleListing> {
  const [row] = await db.update(puzzleListings).set(values).where(eq(puzzleListings.id, id)).returning();
  forgetBrowseCaches();
  return row!;
}

/**
 * The only way a listing becomes 'sold' (docs/product/listings.md#listing-states: a completed trade sets it; members
 * cannot). For the trades service, inside the transaction that completes the trade; from
 * then on the listing never changes status again (PATCH answers 409).
 */
export async function markListingSold(tx: DbOrTx, listingId: number): Promise<PuzzleListing> {
  const [row] = await tx
    .update(puzzleListings)
    .set({
      status: 'sold',
      isAvailable: false,
      // A listing sold without ever being browsable (it cannot happen through the API, but
      // keep the "was live" invariant) still gets a publish date.
      publishedAt: sql`coalesce(${puzzleListings.publishedAt}, now())`,
    })
    .where(eq(puzzleListings.id, listingId))
    .returning();
  if (!row) throw new Error(`markListingSold: listing ${listingId} does not exist`);
  forgetBrowseCaches();
  return row;
}

/** The owner's listings still on the club (active) or kept as drafts: what closing a membership withdraws. */
const WITHDRAWABLE = ['active', 'draft'] as const;

export async function countWithdrawableListingsOf(db: DbOrTx, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(puzzleListings)
    .where(and(eq(puzzleListings.userId, ownerId), inArray(puzzleListings.status, [...WITHDRAWABLE])));
  return row?.n ?? 0;
}

/** Archives every active or draft listing of the owner (the UPDATE locks each row); answers their ids. */
export async function withdrawListingsOf(tx: DbOrTx, ownerId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(puzzleListings)
    .set({ status: 'archived', isAvailable: false, updatedAt: now })
    .where(and(eq(puzzleListings.userId, ownerId), inArray(puzzleListings.status, [...WITHDRAWABLE])))
    .returning({ id: puzzleListings.id });
  forgetBrowseCaches();
  return rows.map((r) => r.id);
}
