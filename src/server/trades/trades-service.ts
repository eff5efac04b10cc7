import type { TradingRecord } from '../../domain/trust';
import { readSetting } from '../admin/settings-service';
import type { DbOrTx } from '../db/client';
import type { PuzzleListing, TradeRequest } from '../db/schema';
import type { RequestMeta } from '../http/route-helpers';
import { findListing, lockListing } from '../listings/listing-stock-service';
import { lockMembers } from '../members/members-service';
import type { Outbox } from '../notices/notices';
import { recordStep } from './trade-notices';
import { notFound } from './trade-refusals';
import { factsFor, finish, isParty, roleOf, type StepContext } from './trade-step';
import type { Actor } from './trade-life-cycle-service';
import * as rows from './trades-repository';

// What other features may ask of trades, and the steps they take on a trade's behalf
// (listings, messages, feedback, profile, the admin's suspensions, the sweeper). The trades'
// own doors are trade-life-cycle-service.ts (the steps) and trades-admin-service.ts (the admin
// panel's reads).

export const WITHDRAWN_REASON = 'The owner took this puzzle off the club.';

/**
 * The owner has taken `listing` off the club (draft or archived): every pending request for
 * it is closed as declined, and each requester told. Runs inside the owner's change, which
 * holds the listing's lock and sends `outbox` after its commit.
 */
export async function closePendingRequests(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  now: Date = new Date(),
): Promise<void> {
  for (const trade of await rows.lockPendingRequests(tx, listing.id)) {
    const step: StepContext = {
      tx,
      outbox,
      trade,
      listing,
      actor: { kind: 'member', id: listing.userId },
      role: 'owner',
      now,
      touched: [],
    };
    await finish(
      step,
      'withdrawn',
      { status: 'declined', declinedAt: now, declineReason: WITHDRAWN_REASON },
      { details: { listingWithdrawn: true } },
    );
  }
}

/**
 * An administrator has suspended `memberId` (docs/product/trades.md#suspension-and-trades): inside the suspension's
 * transaction, each of their pending requests is cancelled, and each pending request for
 * their puzzles is declined, the other member told. No points are held while a request is
 * pending, so none are stranded; accepted trades go on. Locks each listing, then its trade,
 * as every step does. Answers the trades closed.
 */
export function closePendingRequestsOfSuspended(
  tx: DbOrTx,
  outbox: Outbox,
  memberId: number,
  adminId: number,
  now: Date = new Date(),
): Promise<{ cancelled: number[]; declined: number[] }> {
  return closePendingRequestsOf(tx, outbox, memberId, { kind: 'admin', id: adminId }, 'suspended', now);
}

/**
 * The member is closing their membership (decision 0021): the same as a suspension does to
 * their pending requests, both ways, with the member as the actor. Runs before their details
 * are erased, so the other members are told with the names they knew.
 */
export function closePendingRequestsOfLeaving(
  tx: DbOrTx,
  outbox: Outbox,
  memberId: number,
  meta: RequestMeta | undefined,
  now: Date = new Date(),
): Promise<{ cancelled: number[]; declined: number[] }> {
  return closePendingRequestsOf(tx, outbox, memberId, { kind: 'member', id: memberId, meta }, 'membershipClosed', now);
}

async function closePendingRequestsOf(
  tx: DbOrTx,
  outbox: Outbox,
  memberId: number,
  actor: Actor,
  why: 'suspended' | 'membershipClosed',
  now: Date,
): Promise<{ cancelled: number[]; declined: number[] }> {
  const closed = { cancelled: [] as number[], declined: [] as number[] };
  for (const pending of await rows.pendingTradesOf(tx, memberId)) {
    const listing = await lockListing(tx, pending.puzzleListingId);
    const trade = await rows.lockTrade(tx, pending.id);
    if (!listing || !trade || trade.status !== 'pending') continue; // answered meanwhile
    const step: StepContext = {
      tx,
      outbox,
      trade,
      listing,
      actor,
      role: roleOf(trade, actor),
      now,
      touched: [],
    };
    if (trade.requesterId === memberId) {
      await finish(
        step,
        'club-closed-request',
        { status: 'cancelled', cancelledAt: now },
        { details: { [why]: 'requester' } },
      );
      closed.cancelled.push(trade.id);
    } else {
      await finish(
        step,
        'club-closed-ask',
        { status: 'declined', declinedAt: now, declineReason: 'The puzzle is not available at the moment.' },
        { details: { [why]: 'owner' } },
      );
      closed.declined.push(trade.id);
    }
  }
  return closed;
}

/** The member's trades past their request and not yet finished (accepted, shipped, disputed), oldest first. */
export function tradesUnderWayOf(db: DbOrTx, memberId: number): ReturnType<typeof rows.tradesUnderWayOf> {
  return rows.tradesUnderWayOf(db, memberId);
}

/** How many requests wait for an answer from or to the member. */
export async function pendingRequestCountOf(db: DbOrTx, memberId: number): Promise<number> {
  return (await rows.pendingTradesOf(db, memberId)).length;
}

/** Whether a trade for the listing is under way past its request: its owner cannot change it then. */
export function hasTradeUnderWay(db: DbOrTx, listingId: number): Promise<boolean> {
  return rows.hasTradeUnderWay(db, listingId);
}

/** Whether the member has ever asked for the listing: they may still write to its owner about it. */
export function hasAskedFor(db: DbOrTx, listingId: number, memberId: number): Promise<boolean> {
  return rows.hasAskedFor(db, listingId, memberId);
}

/** The trade row for one of its two members; 404 for anyone else (it does not exist for them). */
export async function tradeForParty(db: DbOrTx, id: number, memberId: number): Promise<TradeRequest> {
  const trade = await rows.findTrade(db, id);
  if (!trade || !isParty(trade, memberId)) throw notFound();
  return trade;
}

/** SELECT … FOR NO KEY UPDATE of the trade, for a change another feature makes about it (feedback). */
export async function lockTradeRow(tx: DbOrTx, id: number): Promise<TradeRequest> {
  const trade = await rows.lockTrade(tx, id);
  if (!trade) throw notFound();
  return trade;
}

/**
 * Feedback was left on a completed trade: the other member is told, as for any step. Locks
 * the two members (in id order, as every step does) and answers them, for the caller's rating
 * refresh.
 */
export async function recordFeedbackStep(
  tx: DbOrTx,
  outbox: Outbox,
  input: {
    trade: TradeRequest;
    actor: { id: number; meta?: RequestMeta };
    feedbackId: number;
    rating: number;
    now: Date;
  },
): Promise<void> {
  const { trade, actor, rating, now } = input;
  const members = await lockMembers(tx, [trade.requesterId, trade.ownerId]);
  const requester = members.get(trade.requesterId)!;
  const owner = members.get(trade.ownerId)!;
  const listing = (await findListing(tx, trade.puzzleListingId))!;
  await recordStep(tx, outbox, {
    step: 'feedback',
    trade,
    facts: {
      ...factsFor(trade, listing, requester, owner),
      actorRole: trade.ownerId === actor.id ? 'owner' : 'requester',
      rating,
    },
    requester,
    owner,
    actorId: actor.id,
    details: { feedbackId: input.feedbackId, rating },
    meta: actor.meta,
    now,
  });
}

export type ScheduledTradeAction = 'expire' | 'auto-complete' | 'ship-deadline' | 'ship-reminder';

const DUE: Record<ScheduledTradeAction, (db: DbOrTx, now: Date, limit: number) => Promise<number[]>> = {
  expire: rows.dueForExpiry,
  'auto-complete': rows.dueForAutoComplete,
  'ship-deadline': rows.dueForShipDeadline,
  'ship-reminder': rows.dueForShipReminder,
};

/**
 * The trades whose clock has run out at `now`, for the sweeper: pending ones to expire, shipped
 * ones to complete, accepted ones past their posting deadline or at its half time.
 */
export function tradesDue(db: DbOrTx, action: ScheduledTradeAction, now: Date, limit: number): Promise<number[]> {
  return DUE[action](db, now, limit);
}

/**
 * The trading records of these members (docs/product/trust.md#the-trading-record), in one
 * query; `completedTrades` is each member's own count (users.completed_trades).
 */
export async function tradingRecords(
  db: DbOrTx,
  members: { id: number; completedTrades: number }[],
): Promise<Map<number, TradingRecord>> {
  const onTimeShippingDays = await readSetting(db, 'onTimeShippingDays');
  const found = new Map(
    (
      await rows.tradingRecordRows(
        db,
        members.map((m) => m.id),
        onTimeShippingDays,
      )
    ).map((r) => [Number(r.ownerId), r]),
  );
  return new Map(
    members.map((m) => {
      const r = found.get(m.id);
      const received = Number(r?.received ?? 0);
      const arrivedIncomplete = Number(r?.arrivedIncomplete ?? 0);
      return [
        m.id,
        {
          completedTrades: m.completedTrades,
          sent: Number(r?.sent ?? 0),
          sentOnTime: Number(r?.sentOnTime ?? 0),
          notSent: Number(r?.notSent ?? 0),
          received,
          arrivedAsDescribed: received - arrivedIncomplete,
          arrivedIncomplete,
          onTimeShippingDays,
        },
      ];
    }),
  );
}
