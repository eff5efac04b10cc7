import { DAY_MS } from '../../domain/constants';
import type { TradeRole } from '../../domain/trades';
import { memberDisplayName } from '../../domain/members';
import type { DbOrTx } from '../db/client';
import type { NewTradeRequest, PuzzleListing, TradeRequest, User } from '../db/schema';
import { lockMembers, membersById } from '../members/members-service';
import { backdateThread } from '../messages/threads-service';
import type { Outbox } from '../notices/notices';
import { backdateTradeLedger } from '../points/ledger';
import { recordStep, type StepRecord } from './trade-notices';
import type { StepFacts, TradeStep } from './trade-texts';
import type { Actor } from './trade-life-cycle-service';
import { updateTrade } from './trades-repository';

// What every step of a trade shares (docs/product/trades.md): the context it runs in, who is
// acting, the facts its texts are written from, and `finish`, which writes the transition and
// records its notices. The steps themselves are trade-steps.ts; the doors that run them are
// trade-life-cycle-service.ts (members, administrators, the sweeper) and trades-service.ts
// (other features closing requests).

export type StepContext = {
  tx: DbOrTx;
  outbox: Outbox;
  trade: TradeRequest;
  listing: PuzzleListing;
  actor: Actor;
  role: TradeRole;
  now: Date;
  /** Other trades this step changed (auto-declined requests), for backdating. */
  touched: TradeRequest[];
};

export function isParty(trade: Pick<TradeRequest, 'requesterId' | 'ownerId'>, memberId: number): boolean {
  return trade.requesterId === memberId || trade.ownerId === memberId;
}

export function roleOf(trade: TradeRequest, actor: Actor): TradeRole {
  if (actor.kind === 'system') return 'system';
  if (actor.kind === 'admin') return 'admin';
  return trade.ownerId === actor.id ? 'owner' : 'requester';
}

/** Whole days between two instants, when both are known (a trade's clocks, for its texts). */
function daysBetween(from: Date | null, to: Date | null): number | undefined {
  return from && to ? Math.round((to.getTime() - from.getTime()) / DAY_MS) : undefined;
}

export function factsFor(trade: TradeRequest, listing: PuzzleListing, requester: User, owner: User): StepFacts {
  return {
    title: listing.title,
    cost: trade.puzzlePointsCost,
    requesterName: memberDisplayName(requester.firstName, requester.lastName),
    ownerName: memberDisplayName(owner.firstName, owner.lastName),
    // The clocks this trade was given when they started (the club's settings then).
    expiryDays: daysBetween(trade.createdAt, trade.expiresAt),
    autoCompleteDays: daysBetween(trade.shippedAt, trade.autoCompleteAt),
    shipDays: daysBetween(trade.acceptedAt, trade.shipBy),
    shipBy: trade.shipBy,
  };
}

/**
 * Only the demo seed writes history: what this transaction wrote for the trade (its ledger
 * rows, its thread's messages) moves to the step's date, so a seeded trade reads in order in
 * its thread and in the points history.
 */
export async function backdate(tx: DbOrTx, trade: TradeRequest, at: Date): Promise<void> {
  await backdateTradeLedger(tx, trade.id, at);
  if (trade.threadId !== null) await backdateThread(tx, trade.threadId, at);
}

// Each step: the writes for one transition. `finish` records the notices and returns the row.

export async function finish(
  s: StepContext,
  stepName: TradeStep,
  values: Partial<NewTradeRequest>,
  extra: {
    members?: Map<number, User>;
    facts?: Partial<StepFacts>;
    details?: Record<string, unknown>;
    adminAction?: StepRecord['adminAction'];
  } = {},
): Promise<TradeRequest> {
  const from = s.trade.status;
  const trade = await updateTrade(s.tx, s.trade.id, { ...values, updatedAt: s.now });
  const members = extra.members ?? (await membersById(s.tx, [trade.requesterId, trade.ownerId]));
  const requester = members.get(trade.requesterId)!;
  const owner = members.get(trade.ownerId)!;
  await recordStep(s.tx, s.outbox, {
    step: stepName,
    trade,
    facts: { ...factsFor(trade, s.listing, requester, owner), ...extra.facts },
    requester,
    owner,
    actorId: s.actor.kind === 'system' ? null : s.actor.id,
    details: { from, to: trade.status, ...extra.details },
    meta: s.actor.kind === 'system' ? undefined : s.actor.meta,
    adminAction: extra.adminAction,
    now: s.now,
  });
  return trade;
}

export function lockParties(s: StepContext): Promise<Map<number, User>> {
  return lockMembers(s.tx, [s.trade.requesterId, s.trade.ownerId]);
}
