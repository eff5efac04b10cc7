import { and, asc, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SavedSearchAlert, WishOfferStatus } from '../../domain/wanted';
import type pg from 'pg';
import { intArray, queryRows, type DbOrTx } from '../db/client';
import { manufacturers, puzzleListings, savedSearches, wantedPendingListings, wishes, wishOffers } from '../db/schema';
import type { SavedSearch, Wish, WishOffer } from '../db/schema';
import { ownerInBrowse } from '../listings/browse-query';
import { oncePerDatabase, queryFixedPlan } from '../db/prepared-statements';
import { offerableMemberSql, reachableMemberSql } from './wanted-members-sql';

// The SQL of Wanted (docs/product/wanted.md). Services call these inside their transactions.

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------------------------------
// Saved searches

export type SavedSearchRow = SavedSearch & { newMatches: number };

export async function countSavedSearches(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.memberId, memberId));
  return Number(row?.n ?? 0);
}

export async function insertSavedSearch(db: DbOrTx, values: typeof savedSearches.$inferInsert): Promise<SavedSearch> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row!;
}

/**
 * New matches: listings browse shows now (active, their owner neither suspended nor away:
 * docs/product/trust.md#away) that matched since the member last opened the search, so the
 * count agrees with the matches page, which is browse's.
 */
const newMatchesSql = sql<number>`(SELECT count(*) FROM saved_search_matches m
    JOIN puzzle_listings p ON p.id = m.listing_id AND p.status = 'active' AND ${ownerInBrowse}
    WHERE m.saved_search_id = saved_searches.id
      AND m.matched_at > coalesce(saved_searches.last_opened_at, '-infinity'::timestamptz))::int`;

// The Wanted page's list is asked for often and its plan never changes: a prepared statement
// (planned once a connection on PostgreSQL; planning cost more than running it,
// docs/performance.md "Club evening"), built once a database as the session look-up is.
function prepareSavedSearchList(db: DbOrTx) {
  return selectSavedSearches(db)
    .where(eq(savedSearches.memberId, sql.placeholder('memberId')))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .prepare('jc_list_saved_searches');
}
const savedSearchListStatement = oncePerDatabase(prepareSavedSearchList);

/** The member's saved searches, newest first (at most 25 by the rule). */
export function listSavedSearches(db: DbOrTx, memberId: number): Promise<SavedSearchRow[]> {
  const statement = savedSearchListStatement(db);
  return statement.execute({ memberId });
}

/** The member's own saved search, or null (another member's is not theirs to know of). */
export async function findSavedSearch(db: DbOrTx, memberId: number, id: number): Promise<SavedSearchRow | null> {
  const rows = await selectSavedSearches(db).where(and(eq(savedSearches.memberId, memberId), eq(savedSearches.id, id)));
  return rows[0] ?? null;
}

function selectSavedSearches(db: DbOrTx) {
  return db
    .select({
      id: savedSearches.id,
      memberId: savedSearches.memberId,
      name: savedSearches.name,
      query: savedSearches.query,
      alert: savedSearches.alert,
      matchKey: savedSearches.matchKey,
      lastOpenedAt: savedSearches.lastOpenedAt,
      createdAt: savedSearches.createdAt,
      updatedAt: savedSearches.updatedAt,
      newMatches: newMatchesSql,
    })
    .from(savedSearches);
}

export async function updateSavedSearch(
  db: DbOrTx,
  id: number,
  values: Partial<typeof savedSearches.$inferInsert>,
): Promise<void> {
  await db.update(savedSearches).set(values).where(eq(savedSearches.id, id));
}

export async function deleteSavedSearch(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.memberId, memberId), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** A changed query starts afresh: the old query's matches are not this one's. */
export async function forgetMatchesOf(db: DbOrTx, savedSearchId: number): Promise<void> {
  await db.execute(sql`DELETE FROM saved_search_matches WHERE saved_search_id = ${savedSearchId}`);
}

export type CandidateSearch = {
  id: number;
  memberId: number;
  email: string;
  /** The saved question as its JSON text: the matcher parses each text once (wanted-matching-service.ts). */
  queryText: string;
  alert: SavedSearchAlert;
  /** The searcher's own point: where Max Distance measures from when the search names no place. */
  point: { latitude: number; longitude: number } | null;
};

/**
 * The saved searches whose key is one of the listing's keys, of members who may be told
 * (not the owner, not suspended or closed): the only ones the listing may match. The
 * match_key index answers it; no other search is read.
 */
export async function candidateSearches(
  db: DbOrTx,
  keys: string[],
  ownerId: number,
  now: Date,
): Promise<CandidateSearch[]> {
  const rows = await queryRows<{
    id: number;
    member_id: number;
    email: string;
    query_text: string;
    alert: string;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    // The searches by key first (MATERIALIZED: the planner must not start from the members).
    sql`WITH s AS MATERIALIZED (
        SELECT id, member_id, query, alert FROM saved_searches
        WHERE match_key = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))
          AND member_id <> ${ownerId}
      )
      SELECT s.id, s.member_id, u.email, s.query::text AS query_text, s.alert, u.latitude, u.longitude
      FROM s JOIN users u ON u.id = s.member_id
      WHERE ${reachableMemberSql(sql`u`, now)}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    memberId: Number(r.member_id),
    email: r.email,
    queryText: r.query_text,
    alert: r.alert as SavedSearchAlert,
    point:
      r.latitude === null || r.longitude === null
        ? null
        : { latitude: Number(r.latitude), longitude: Number(r.longitude) },
  }));
}

/**
 * Records the matches; answers the ones that are new (a listing live again is not news twice).
 * The columns travel as three arrays of numbers: a listing can match hundreds of searches, and
 * as separate values the query builder's work outgrew the insert's
 * (docs/performance.md, "Publishing with Wanted").
 */
export async function insertMatches(
  db: DbOrTx,
  rows: { savedSearchId: number; listingId: number; memberId: number }[],
  now: Date,
): Promise<{ savedSearchId: number; memberId: number }[]> {
  if (rows.length === 0) return [];
  const inserted = await queryRows<{ saved_search_id: number; member_id: number }>(
    db,
    sql`INSERT INTO saved_search_matches (saved_search_id, listing_id, member_id, matched_at)
      SELECT s, l, m, ${now.toISOString()}::timestamptz
      FROM unnest(${intArray(rows.map((r) => r.savedSearchId))}, ${intArray(rows.map((r) => r.listingId))},
        ${intArray(rows.map((r) => r.memberId))}) AS x(s, l, m)
      ON CONFLICT DO NOTHING RETURNING saved_search_id, member_id`,
  );
  return inserted.map((r) => ({ savedSearchId: Number(r.saved_search_id), memberId: Number(r.member_id) }));
}

/** The searches' names, by id: the ids as one array value (hundreds of them for a broad listing). */
export async function savedSearchNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM saved_searches WHERE id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

// ---------------------------------------------------------------------------------------
// Wishes

export async function countWishes(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishes).where(eq(wishes.memberId, memberId));
  return Number(row?.n ?? 0);
}

export async function insertWish(db: DbOrTx, values: typeof wishes.$inferInsert): Promise<Wish> {
  const [row] = await db.insert(wishes).values(values).returning();
  return row!;
}

export type WishRow = {
  id: number;
  title: string;
  manufacturerId: number | null;
  manufacturerName: string | null;
  pieces: number | null;
  createdAt: string;
  ahead: number;
  offer: { listingId: number; until: string } | null;
};

/**
 * The member's wishes, oldest first, each with how many other members asked for the same
 * puzzle earlier (the title key, and maker and pieces where both name them) and the listing
 * held for the member now. With `pool` (PostgreSQL, outside a transaction) the statement is
 * prepared: its plan is the same for every member, and planning it cost as much as running
 * it (docs/performance.md, "Club evening").
 */
export async function listWishes(db: DbOrTx, memberId: number, wishId?: number, pool?: pg.Pool): Promise<WishRow[]> {
  const rows = await queryFixedPlan<{
    id: number;
    title: string;
    manufacturer_id: number | null;
    manufacturer_name: string | null;
    pieces: number | null;
    created_at: string;
    ahead: number;
    offer_listing_id: number | null;
    offer_until: string | null;
  }>(
    db,
    pool,
    sql`SELECT w.id, w.title, w.manufacturer_id, mf.name AS manufacturer_name, w.pieces,
        ${iso(sql`w.created_at`)} AS created_at,
        (SELECT count(DISTINCT o.member_id) FROM wishes o
          WHERE o.title_key = w.title_key AND o.member_id <> w.member_id
            AND (o.created_at, o.id) < (w.created_at, w.id)
            AND (o.manufacturer_id IS NULL OR w.manufacturer_id IS NULL OR o.manufacturer_id = w.manufacturer_id)
            AND (o.pieces IS NULL OR w.pieces IS NULL OR o.pieces = w.pieces))::int AS ahead,
        f.listing_id AS offer_listing_id, ${iso(sql`f.until`)} AS offer_until
      FROM wishes w
      LEFT JOIN manufacturers mf ON mf.id = w.manufacturer_id
      LEFT JOIN wish_offers f ON f.member_id = w.member_id AND f.status = 'open' AND f.wish_id = w.id
      WHERE w.member_id = ${memberId} ${wishId === undefined ? sql`` : sql`AND w.id = ${wishId}`}
      ORDER BY w.created_at, w.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    manufacturerId: r.manufacturer_id === null ? null : Number(r.manufacturer_id),
    manufacturerName: r.manufacturer_name,
    pieces: r.pieces === null ? null : Number(r.pieces),
    createdAt: r.created_at,
    ahead: Number(r.ahead),
    offer:
      r.offer_listing_id === null ? null : { listingId: Number(r.offer_listing_id), until: r.offer_until as string },
  }));
}

export async function findWish(db: DbOrTx, memberId: number, id: number): Promise<Wish | null> {
  const [row] = await db
    .select()
    .from(wishes)
    .where(and(eq(wishes.memberId, memberId), eq(wishes.id, id)));
  return row ?? null;
}

export async function deleteWish(db: DbOrTx, id: number): Promise<void> {
  await db.delete(wishes).where(eq(wishes.id, id));
}

/** How many members wish for this puzzle (maker and pieces left out count as any). */
export async function countWaiting(
  db: DbOrTx,
  titleKey: string,
  manufacturerId: number | null,
  pieces: number | null,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT member_id)::int AS n FROM wishes
      WHERE title_key = ${titleKey}
        AND (manufacturer_id IS NULL OR ${manufacturerId}::int IS NULL OR manufacturer_id = ${manufacturerId}::int)
        AND (pieces IS NULL OR ${pieces}::int IS NULL OR pieces = ${pieces}::int)`,
  );
  return Number(row?.n ?? 0);
}

/** The member's wishes for the puzzle of a listing (fulfilled when their request is accepted). */
export async function deleteWishesForListing(
  db: DbOrTx,
  memberId: number,
  listing: { titleKey: string; manufacturerId: number | null; pieces: number },
): Promise<number[]> {
  const rows = await db
    .delete(wishes)
    .where(
      and(
        eq(wishes.memberId, memberId),
        eq(wishes.titleKey, listing.titleKey),
        sql`(${wishes.manufacturerId} IS NULL OR ${wishes.manufacturerId} = ${listing.manufacturerId}::int)`,
        sql`(${wishes.pieces} IS NULL OR ${wishes.pieces} = ${listing.pieces})`,
      ),
    )
    .returning({ id: wishes.id });
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------
// First offers

export type NextInLine = { wishId: number; memberId: number; email: string; balance: number };

/**
 * The member whose matching wish is oldest, among those who may be offered it now
 * (offerableMemberSql) and were not offered this listing before. Members skipped keep their
 * wish, so their place.
 */
export async function nextInLine(
  db: DbOrTx,
  listing: { id: number; userId: number; titleKey: string; manufacturerId: number | null; pieces: number },
  now: Date,
): Promise<NextInLine | null> {
  const [row] = await queryRows<{ id: number; member_id: number; email: string; puzzle_points: number }>(
    db,
    sql`SELECT w.id, w.member_id, u.email, u.puzzle_points
      FROM wishes w JOIN users u ON u.id = w.member_id
      WHERE w.title_key = ${listing.titleKey}
        AND (w.manufacturer_id IS NULL OR w.manufacturer_id = ${listing.manufacturerId}::int)
        AND (w.pieces IS NULL OR w.pieces = ${listing.pieces})
        AND ${offerableMemberSql(sql`u`, listing.userId, now)}
        AND NOT EXISTS (SELECT 1 FROM wish_offers f WHERE f.listing_id = ${listing.id} AND f.member_id = w.member_id)
      ORDER BY w.created_at, w.id
      LIMIT 1`,
  );
  return row
    ? { wishId: Number(row.id), memberId: Number(row.member_id), email: row.email, balance: Number(row.puzzle_points) }
    : null;
}

export async function countOffers(db: DbOrTx, listingId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishOffers).where(eq(wishOffers.listingId, listingId));
  return Number(row?.n ?? 0);
}

export async function insertOffer(db: DbOrTx, values: typeof wishOffers.$inferInsert): Promise<WishOffer> {
  const [row] = await db.insert(wishOffers).values(values).returning();
  return row!;
}

export async function closeOffer(db: DbOrTx, id: number, status: WishOfferStatus, now: Date): Promise<void> {
  await db.update(wishOffers).set({ status, closedAt: now }).where(eq(wishOffers.id, id));
}

/** The listing's open offer, locked (the listing is locked first: lock order listing, offer). */
export async function lockOpenOffer(db: DbOrTx, listingId: number): Promise<WishOffer | null> {
  const [row] = await db
    .select()
    .from(wishOffers)
    .where(and(eq(wishOffers.listingId, listingId), eq(wishOffers.status, 'open')))
    .for('no key update');
  return row ?? null;
}

/** The member's open offer on their wish (for a pass). */
export async function openOfferOfWish(db: DbOrTx, memberId: number, wishId: number): Promise<WishOffer | null> {
  const [row] = await db
    .select()
    .from(wishOffers)
    .where(and(eq(wishOffers.memberId, memberId), eq(wishOffers.wishId, wishId), eq(wishOffers.status, 'open')));
  return row ?? null;
}

/** The open offer of a listing to this member, if any (the puzzle page's heldForMe). */
export async function openOfferFor(db: DbOrTx, listingId: number, memberId: number): Promise<WishOffer | null> {
  const [row] = await db
    .select()
    .from(wishOffers)
    .where(and(eq(wishOffers.listingId, listingId), eq(wishOffers.memberId, memberId), eq(wishOffers.status, 'open')));
  return row ?? null;
}

/** Open offers whose time has run out, oldest first (the sweeper). */
export async function dueOfferListingIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ listingId: wishOffers.listingId })
    .from(wishOffers)
    .where(and(eq(wishOffers.status, 'open'), sql`${wishOffers.until} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(wishOffers.until))
    .limit(limit);
  return rows.map((r) => r.listingId);
}

// ---------------------------------------------------------------------------------------
// Listings waiting to be matched

/** The queue row's insert, as a statement of its own or for another to carry (a CTE). */
export function pendingListingInsert(listingId: number | SQL, now: Date | Placeholder): SQL {
  const queuedAt = now instanceof Date ? now.toISOString() : now;
  return sql`INSERT INTO wanted_pending_listings (listing_id, queued_at) VALUES (${listingId}, ${queuedAt}::timestamptz)
    ON CONFLICT DO NOTHING`;
}

/** Takes the listing's queue row if no other process has it: locked, then deleted with the work. */
export async function claimPendingListing(db: DbOrTx, listingId: number): Promise<boolean> {
  const rows = await db
    .select()
    .from(wantedPendingListings)
    .where(eq(wantedPendingListings.listingId, listingId))
    .for('no key update', { skipLocked: true });
  if (rows.length === 0) return false;
  await db.delete(wantedPendingListings).where(eq(wantedPendingListings.listingId, listingId));
  return true;
}

/** Queued listings, oldest first: all (the matcher), or those queued before a moment (the sweeper's catch-up of what a stopped process left). */
export async function pendingListingIds(db: DbOrTx, queuedBefore: Date | null, limit: number): Promise<number[]> {
  const rows = await db
    .select({ listingId: wantedPendingListings.listingId })
    .from(wantedPendingListings)
    .where(
      queuedBefore ? sql`${wantedPendingListings.queuedAt} <= ${queuedBefore.toISOString()}::timestamptz` : undefined,
    )
    .orderBy(asc(wantedPendingListings.queuedAt), asc(wantedPendingListings.listingId))
    .limit(limit);
  return rows.map((r) => r.listingId);
}

/** A listing as matching reads it: its fields, its maker's name. */
export async function listingForMatching(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      listing: puzzleListings,
      manufacturerName: manufacturers.name,
    })
    .from(puzzleListings)
    .leftJoin(manufacturers, eq(manufacturers.id, puzzleListings.manufacturerId))
    .where(eq(puzzleListings.id, id));
  return row ?? null;
}

export async function manufacturerName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ name: manufacturers.name }).from(manufacturers).where(eq(manufacturers.id, id));
  return row?.name ?? null;
}
