import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_TRADE_STATUSES, type TradeListRole } from '../../domain/trades';
import { queryRows, type DbOrTx } from '../db/client';
import { displayNameSql } from '../members/display-name-sql';
import {
  puzzleListings,
  tradeRequests,
  tradingFeedback,
  users,
  type NewTradeRequest,
  type TradeRequest,
} from '../db/schema';

// Trade rows as SQL. The service decides; this file only reads, locks and writes trades
// (listings and members are locked through their own rooms' services). Lock order everywhere
// (the deadlock rule, docs/architecture.md "Locks and transactions"): listing -> trade(s) ->
// members in id order, each FOR NO KEY UPDATE.

/** The trade without a lock: only to learn its (immutable) listing and parties. */
export async function findTrade(db: DbOrTx, id: number): Promise<TradeRequest | null> {
  const [row] = await db.select().from(tradeRequests).where(eq(tradeRequests.id, id));
  return row ?? null;
}

/**
 * SELECT … FOR NO KEY UPDATE. With `skipLocked` (the sweeper) a row another process holds is
 * passed over instead of waited for: that process is already dealing with it.
 */
export async function lockTrade(
  db: DbOrTx,
  id: number,
  opts: { skipLocked?: boolean } = {},
): Promise<TradeRequest | null> {
  const [row] = await db
    .select()
    .from(tradeRequests)
    .where(eq(tradeRequests.id, id))
    .for('no key update', opts.skipLocked ? { skipLocked: true } : undefined);
  return row ?? null;
}

export async function insertTrade(db: DbOrTx, values: NewTradeRequest): Promise<TradeRequest> {
  const [row] = await db.insert(tradeRequests).values(values).returning();
  return row!;
}

export async function updateTrade(db: DbOrTx, id: number, values: Partial<NewTradeRequest>): Promise<TradeRequest> {
  const [row] = await db.update(tradeRequests).set(values).where(eq(tradeRequests.id, id)).returning();
  return row!;
}

/** The member's open request for a listing, if any (the friendly 409 before the unique index's). */
export async function findOpenRequest(db: DbOrTx, requesterId: number, listingId: number) {
  const [row] = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.requesterId, requesterId),
        eq(tradeRequests.puzzleListingId, listingId),
        inArray(tradeRequests.status, ['pending', 'accepted', 'shipped', 'disputed']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many requests the member has open as requester (pending, accepted, shipped or disputed): trade_requests_requester_status_idx. */
export async function countOpenRequestsAsRequester(db: DbOrTx, requesterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.requesterId, requesterId), inArray(tradeRequests.status, [...OPEN_TRADE_STATUSES])));
  return Number(row?.n ?? 0);
}

/** Whether a trade for the listing is under way past its request (points held, parcel in transit, or disputed). */
export async function hasTradeUnderWay(db: DbOrTx, listingId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.puzzleListingId, listingId),
        inArray(
          tradeRequests.status,
          OPEN_TRADE_STATUSES.filter((s) => s !== 'pending'),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the member has ever asked for the listing (in any state). */
export async function hasAskedFor(db: DbOrTx, listingId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.puzzleListingId, listingId), eq(tradeRequests.requesterId, memberId)))
    .limit(1);
  return rows.length > 0;
}

/** Locks a listing's pending requests, oldest first; all of them, or all but `exceptId`. */
export async function lockPendingRequests(db: DbOrTx, listingId: number, exceptId?: number) {
  return db
    .select()
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.puzzleListingId, listingId),
        eq(tradeRequests.status, 'pending'),
        exceptId === undefined ? undefined : ne(tradeRequests.id, exceptId),
      ),
    )
    .orderBy(asc(tradeRequests.id))
    .for('no key update');
}

/** The pending requests a member made or received, oldest first (no lock: the caller locks each). */
export async function pendingTradesOf(db: DbOrTx, memberId: number): Promise<TradeRequest[]> {
  return db
    .select()
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)),
      ),
    )
    .orderBy(asc(tradeRequests.id));
}

/** How many trades are in each status (the admin overview). */
export async function countTradesByStatus(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: tradeRequests.status, n: sql<number>`count(*)::int` })
    .from(tradeRequests)
    .groupBy(tradeRequests.status);
}

// ---------------------------------------------------------------------------------------
// Reads for the trade view: one query for any number of trades.

const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

export type TradeViewRow = Awaited<ReturnType<typeof selectTradeViewRows>>[number];

function selectTradeViewRows(
  db: DbOrTx,
  viewerId: number | null,
  where: SQL | undefined,
  limit: number,
  order: SQL[] = [desc(tradeRequests.createdAt), desc(tradeRequests.id)],
) {
  return db
    .select({
      trade: tradeRequests,
      listing: {
        id: puzzleListings.id,
        title: puzzleListings.title,
        pieces: puzzleListings.pieces,
        missingPieces: puzzleListings.missingPieces,
        condition: puzzleListings.condition,
        puzzleImageUrl: puzzleListings.puzzleImageUrl,
        boxImageUrl: puzzleListings.boxImageUrl,
        status: puzzleListings.status,
        handover: puzzleListings.handover,
        parcelWeightGrams: puzzleListings.parcelWeightGrams,
        parcelLengthCm: puzzleListings.parcelLengthCm,
        parcelWidthCm: puzzleListings.parcelWidthCm,
        parcelDepthCm: puzzleListings.parcelDepthCm,
      },
      requester: {
        firstName: requester.firstName,
        lastName: requester.lastName,
        line_1: requester.line_1,
        line_2: requester.line_2,
        locality: requester.locality,
        town_or_city: requester.town_or_city,
        county: requester.county,
        postcode: requester.postcode,
        country: requester.country,
        completedTrades: requester.completedTrades,
      },
      owner: { firstName: owner.firstName, lastName: owner.lastName },
      feedbackGiven:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${tradingFeedback} f
              where f.trade_request_id = ${tradeRequests.id} and f.from_user_id = ${viewerId})`,
    })
    .from(tradeRequests)
    .innerJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
    .innerJoin(requester, eq(requester.id, tradeRequests.requesterId))
    .innerJoin(owner, eq(owner.id, tradeRequests.ownerId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/** A member's trades, newest first; `role` narrows to the ones they asked for or received. */
export function memberTradeRows(db: DbOrTx, memberId: number, role: TradeListRole | undefined, limit: number) {
  const where =
    role === 'requester'
      ? eq(tradeRequests.requesterId, memberId)
      : role === 'owner'
        ? eq(tradeRequests.ownerId, memberId)
        : or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId));
  return selectTradeViewRows(db, memberId, where, limit);
}

/** Disputed trades for the administrators, the one waiting longest first. */
export function disputedTradeRows(db: DbOrTx, limit: number) {
  return selectTradeViewRows(db, null, eq(tradeRequests.status, 'disputed'), limit, [
    asc(tradeRequests.disputedAt),
    asc(tradeRequests.id),
  ]);
}

export async function tradeRow(db: DbOrTx, id: number, viewerId: number | null): Promise<TradeViewRow | null> {
  const [row] = await selectTradeViewRows(db, viewerId, eq(tradeRequests.id, id), 1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------
// The sweeper's work lists (partial indexes trade_requests_pending_expires_idx and
// trade_requests_shipped_auto_complete_idx answer these).

export async function dueForExpiry(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'pending'), lte(tradeRequests.expiresAt, now)))
    .orderBy(asc(tradeRequests.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function dueForAutoComplete(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'shipped'), lte(tradeRequests.autoCompleteAt, now)))
    .orderBy(asc(tradeRequests.autoCompleteAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The member's trades past their request and not finished (accepted, shipped, disputed), with
 * the puzzle's title and the other member's display name, oldest first. Uses the
 * requester/owner status indexes.
 */
export async function tradesUnderWayOf(
  db: DbOrTx,
  memberId: number,
): Promise<{ id: number; title: string; status: TradeRequest['status']; partnerName: string }[]> {
  const partner = alias(users, 'partner');
  const underWay = OPEN_TRADE_STATUSES.filter((s) => s !== 'pending');
  return db
    .select({
      id: tradeRequests.id,
      title: puzzleListings.title,
      status: tradeRequests.status,
      partnerName: displayNameSql(sql`${partner.firstName}`, sql`${partner.lastName}`),
    })
    .from(tradeRequests)
    .innerJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
    .innerJoin(
      partner,
      eq(
        partner.id,
        sql`CASE WHEN ${tradeRequests.requesterId} = ${memberId} THEN ${tradeRequests.ownerId} ELSE ${tradeRequests.requesterId} END`,
      ),
    )
    .where(
      and(
        or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)),
        inArray(tradeRequests.status, underWay),
      ),
    )
    .orderBy(asc(tradeRequests.id));
}

/** Accepted trades past their posting deadline (trade_requests_accepted_ship_by_idx). */
export async function dueForShipDeadline(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'accepted'), lte(tradeRequests.shipBy, now)))
    .orderBy(asc(tradeRequests.shipBy))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Accepted trades at half time whose owner has not been reminded (trade_requests_accepted_ship_reminder_idx). */
export async function dueForShipReminder(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'accepted'),
        isNull(tradeRequests.shipRemindedAt),
        lte(tradeRequests.shipReminderAt, now),
      ),
    )
    .orderBy(asc(tradeRequests.shipReminderAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------
// Trading records (docs/product/trust.md#the-trading-record): one grouped query for any number
// of members, over their trades as owner (trade_requests_owner_status_idx).

export type TradingRecordRow = {
  ownerId: number;
  sent: number;
  sentOnTime: number;
  notSent: number;
  received: number;
  arrivedIncomplete: number;
};

export function tradingRecordRows(db: DbOrTx, ownerIds: number[], onTimeDays: number): Promise<TradingRecordRow[]> {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return queryRows<TradingRecordRow>(
    db,
    sql`SELECT t.owner_id AS "ownerId",
          count(*) FILTER (WHERE t.shipped_at IS NOT NULL)::int AS sent,
          count(*) FILTER (WHERE t.shipped_at IS NOT NULL
            AND t.shipped_at <= t.accepted_at + make_interval(days => ${onTimeDays}::int))::int AS "sentOnTime",
          count(*) FILTER (WHERE t.not_sent_in_time)::int AS "notSent",
          count(*) FILTER (WHERE t.status = 'completed')::int AS received,
          count(*) FILTER (WHERE t.status = 'completed' AND t.arrived_incomplete)::int AS "arrivedIncomplete"
        FROM trade_requests t
       WHERE t.owner_id IN (${sql.join(
         ownerIds.map((id) => sql`${id}`),
         sql`, `,
       )})
         AND t.status IN ('shipped', 'completed', 'disputed', 'refunded', 'cancelled')
       GROUP BY t.owner_id`,
  );
}
