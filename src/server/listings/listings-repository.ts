import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { puzzleListings, type NewPuzzleListing, type PuzzleListing } from '../db/schema';
import { ownerNotSuspended } from './browse-query';
import { forgetBrowseCaches } from './browse-repository';
import { queryFixedPlan, queryShaped } from '../db/prepared-statements';
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
 * What a new listing's statement does beside the insert, written with placeholders filled from
 * `values` (so its text is built once: queryShaped): `alongside`, a statement given the new
 * listing's id (a live listing's Wanted queue row); `also`, a value the caller wants answered
 * from the same snapshot. `key` names the pair in the statement's shape.
 */
export type ListingInsertExtras<T> = {
  key: string;
  alongside: (newId: SQL) => SQL;
  also: () => SQL<T>;
  values: Record<string, unknown>;
};

/**
 * A new listing and its answer (as its owner sees it) in one statement: the insert is a
 * data-changing CTE the answer is read from, so a new listing needs no transaction and costs one
 * round trip (docs/performance.md, "Publishing with Wanted"). Its text changes only with which
 * form fields were given (and which of them are empty), so it is built once for each such shape.
 */
export async function insertListingAnswered<T = null>(
  db: DbOrTx,
  values: NewPuzzleListing,
  extras?: ListingInsertExtras<T>,
): Promise<{ listing: Listing; also: T }> {
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const shape = `listing-insert:${extras?.key ?? ''}:${given.map(([k, v]) => (v === null ? `${k}=null` : k)).join(',')}`;
  const [row] = await queryShaped<{ listing: Listing; also: T }>(
    db,
    shape,
    () => {
      const slots = Object.fromEntries(given.map(([k, v]) => [k, v === null ? null : sql.placeholder(k)]));
      const insert = db
        .insert(puzzleListings)
        .values(slots as PgInsertValue<typeof puzzleListings>)
        .returning()
        .getSQL();
      const alongside = extras ? sql`, alongside AS (${extras.alongside(sql`(SELECT id FROM p)`)})` : sql``;
      return sql`WITH p AS (${insert})${alongside}
        SELECT ${listingJson(sql.placeholder('userId'))} AS listing, ${extras?.also() ?? sql`NULL`} AS also
        FROM p ${listingViewJoins}`;
    },
    { ...Object.fromEntries(given), ...extras?.values },
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
): Promise<{ listing: Listing; request: ListingDetail['myOpenRequest']; owner: OwnerStanding | null } | null> {
  // Planning this statement (the listing's forty fields, the owner's row, the request) cost
  // PostgreSQL several times running it, and building its text cost the app as much again
  // (docs/performance.md, 'Club evening'): written once a shape, prepared on PostgreSQL.
  const viewer = viewerId !== null;
  const [row] = await queryShaped<{
    listing: Listing;
    request: ListingDetail['myOpenRequest'];
    owner: OwnerStanding | null;
  }>(
    db,
    viewer ? 'listing-page:viewer' : 'listing-page',
    () => {
      const request = viewer
        ? sql`(SELECT json_build_object('tradeId', t.id, 'status', t.status,
              'createdAt', ${iso(sql`t.created_at`)})
            FROM trade_requests t
            WHERE t.requester_id = ${sql.placeholder('viewerId')} AND t.puzzle_listing_id = p.id
              AND t.status IN ('pending', 'accepted', 'shipped', 'disputed')
            LIMIT 1)`
        : sql`NULL::json`;
      return sql`SELECT ${listingJson(viewer ? sql.placeholder('viewerId') : null)} AS listing, ${request} AS request,
          (SELECT json_build_object('suspendedAt', ${iso(sql`s.suspended_at`)},
              'suspendedUntil', ${iso(sql`s.suspended_until`)}, 'awayFrom', ${iso(sql`s.away_from`)},
              'awayUntil', ${iso(sql`s.away_until`)})
            FROM users s WHERE s.id = p.user_id) AS owner
        FROM puzzle_listings p ${listingViewJoins} WHERE p.id = ${sql.placeholder('id')}`;
    },
    { id, viewerId },
  );
  return row ? { listing: row.listing, request: row.request ?? null, owner: row.owner } : null;
}

/** All of a member's listings, newest first (My Listings). */
export async function memberListingViews(db: DbOrTx, ownerId: number): Promise<Listing[]> {
  // Written once and prepared on PostgreSQL (see findListingPage).
  const rows = await queryShaped<{ listing: Listing }>(
    db,
    'my-listings',
    () => sql`SELECT ${listingJson(sql.placeholder('ownerId'))} AS listing FROM puzzle_listings p ${listingViewJoins}
      WHERE p.user_id = ${sql.placeholder('ownerId')} ORDER BY p.created_at DESC, p.id DESC`,
    { ownerId },
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
