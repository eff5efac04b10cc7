import { forgetBrowseCaches } from '../listings/browse-repository';
import { and, asc, desc, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import {
  messageThreads,
  messages,
  pointsLedger,
  puzzleListings,
  tradeRequests,
  tradingFeedback,
  userActivities,
  users,
  type NewTradeRequest,
  type PuzzleListing,
  type TradeRequest,
} from '../db/schema';

// Trade rows as SQL. The service decides; this file only reads, locks and writes. Lock order
// everywhere (the deadlock rule): listing -> trade(s) -> members in id order.

/** The trade without a lock: only to learn its (immutable) listing and parties. */
export async function findTrade(db: DbOrTx, id: number): Promise<TradeRequest | null> {
  const [row] = await db.select().from(tradeRequests).where(eq(tradeRequests.id, id));
  return row ?? null;
}

/**
 * SELECT … FOR UPDATE. With `skipLocked` (the sweeper) a row another process holds is
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
    .for('update', opts.skipLocked ? { skipLocked: true } : undefined);
  return row ?? null;
}

export async function lockListing(
  db: DbOrTx,
  id: number,
  opts: { skipLocked?: boolean } = {},
): Promise<PuzzleListing | null> {
  const [row] = await db
    .select()
    .from(puzzleListings)
    .where(eq(puzzleListings.id, id))
    .for('update', opts.skipLocked ? { skipLocked: true } : undefined);
  return row ?? null;
}

/** Locks both parties' member rows in id order, so two trades between the same pair never deadlock. */
export async function lockMembers(db: DbOrTx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return db.select().from(users).where(inArray(users.id, sorted)).orderBy(asc(users.id)).for('update');
}

export async function membersById(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u]));
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
    .for('update');
}

/**
 * Listing availability while a trade holds it. Only an active listing is touched: the
 * listings service refuses status changes while a trade is under way, so "active" is what it
 * was when the trade was accepted.
 */
export async function setListingAvailable(db: DbOrTx, listing: PuzzleListing, available: boolean, now: Date) {
  if (listing.status !== 'active' || listing.isAvailable === available) return;
  await db
    .update(puzzleListings)
    .set({ isAvailable: available, updatedAt: now })
    .where(eq(puzzleListings.id, listing.id));
  // Browse caches cards briefly; availability must show at once.
  forgetBrowseCaches();
}

export async function addCompletedTrade(db: DbOrTx, memberIds: number[]) {
  await db
    .update(users)
    .set({ completedTrades: sql`${users.completedTrades} + 1` })
    .where(inArray(users.id, memberIds));
}

/** The dashboard's Recent Activity and the community feed read user_activities. */
export async function recordTradeCompleted(db: DbOrTx, trade: TradeRequest, title: string, now: Date): Promise<void> {
  await db.insert(userActivities).values([
    {
      userId: trade.requesterId,
      activityType: 'trade_completed',
      targetType: 'trade_request',
      targetId: trade.id,
      description: `Received "${title}" in a trade`,
      createdAt: now,
    },
    {
      userId: trade.ownerId,
      activityType: 'trade_completed',
      targetType: 'trade_request',
      targetId: trade.id,
      description: `Sent "${title}" in a trade`,
      points: trade.puzzlePointsCost,
      createdAt: now,
    },
  ]);
}

/**
 * Only the demo seed writes history: rows written in this transaction (created_at = now(),
 * the transaction's start) for this trade are moved to the step's date, so a seeded trade
 * reads in order in its thread and in the points history.
 */
export async function backdateStep(db: DbOrTx, trade: TradeRequest, at: Date): Promise<void> {
  await db
    .update(pointsLedger)
    .set({ createdAt: at })
    .where(and(eq(pointsLedger.tradeRequestId, trade.id), sql`${pointsLedger.createdAt} = now()`));
  if (trade.threadId !== null) {
    await db
      .update(messages)
      .set({ createdAt: at })
      .where(and(eq(messages.threadId, trade.threadId), sql`${messages.createdAt} = now()`));
    await db
      .update(messageThreads)
      .set({ lastMessageAt: at, updatedAt: at, createdAt: sql`least(${messageThreads.createdAt}, ${at})` })
      .where(eq(messageThreads.id, trade.threadId));
  }
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
export function memberTradeRows(db: DbOrTx, memberId: number, role: 'requester' | 'owner' | undefined, limit: number) {
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
