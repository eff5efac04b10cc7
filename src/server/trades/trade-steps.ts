import { DAY_MS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import { isProfileComplete } from '../../domain/profile';
import { readSetting } from '../admin/settings-service';
import type { DbOrTx } from '../db/client';
import type { NewTradeRequest, TradeRequest, User } from '../db/schema';
import { unlockEarnedAchievementsForEach } from '../achievements/achievements-service';
import { markListingSold, setListingAvailability } from '../listings/listing-stock-service';
import { countCompletedTrade, recordActivities } from '../members/members-service';
import { changeBalance } from '../points/ledger';
import { fulfilWishes, listingWithdrawn } from '../wanted/wish-offers-service';
import type { StepRecord } from './trade-notices';
import { REQUESTER_PROFILE_INCOMPLETE_MESSAGE } from './trade-refusals';
import type { StepFacts, TradeStep } from './trade-texts';
import { arrivedIncomplete, missingPieceRefund } from '../../domain/trust';
import type { TradeCommand } from './trade-life-cycle-service';
import { finish, lockParties, type StepContext } from './trade-step';
import { lockPendingRequests } from './trades-repository';

// Each step after the request (docs/product/trades.md): the writes for one transition, run by
// applyTradeCommand (trade-life-cycle-service.ts) once it has locked the listing and the trade
// and checked who may act. `finish` (trade-step.ts) records the notices and returns the row.

/**
 * Held points go to the owner (less `refund`, which goes back to the requester: missing
 * pieces), the listing is sold, both members count one more trade.
 */
async function completeTrade(
  s: StepContext,
  stepName: TradeStep,
  values: Partial<NewTradeRequest>,
  details: Record<string, unknown> = {},
  adminAction?: StepRecord['adminAction'],
  refund = 0,
  facts: Partial<StepFacts> = {},
): Promise<TradeRequest> {
  const members = await lockParties(s);
  if (refund > 0) {
    await changeBalance(s.tx, {
      userId: s.trade.requesterId,
      amount: refund,
      reason: 'missing_pieces_refund',
      tradeRequestId: s.trade.id,
    });
  }
  if (s.trade.heldPoints - refund > 0) {
    await changeBalance(s.tx, {
      userId: s.trade.ownerId,
      amount: s.trade.heldPoints - refund,
      reason: 'trade_payment',
      tradeRequestId: s.trade.id,
    });
  }
  await markListingSold(s.tx, s.listing.id);
  await countCompletedTrade(s.tx, [s.trade.requesterId, s.trade.ownerId]);
  await recordTradeCompleted(s.tx, s.trade, s.listing.title, s.now);
  // One more completed trade may earn either member First Trade, Five Trades or Trusted Trader.
  await unlockEarnedAchievementsForEach(s.tx, [s.trade.requesterId, s.trade.ownerId], s.outbox, s.now);
  return finish(
    s,
    stepName,
    { status: 'completed', heldPoints: 0, completedAt: s.now, ...values },
    { members, facts, details: { paid: s.trade.heldPoints - refund, ...details }, adminAction },
  );
}

/** The dashboard's Recent Activity and the community feed show a completed trade to both members. */
function recordTradeCompleted(tx: DbOrTx, trade: TradeRequest, title: string, now: Date): Promise<void> {
  return recordActivities(tx, [
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

/** Held points go back to the requester and the puzzle is available again. */
async function refundHeld(s: StepContext): Promise<Map<number, User>> {
  const members = await lockParties(s);
  if (s.trade.heldPoints > 0) {
    await changeBalance(s.tx, {
      userId: s.trade.requesterId,
      amount: s.trade.heldPoints,
      reason: 'trade_refund',
      tradeRequestId: s.trade.id,
    });
  }
  await setListingAvailability(s.tx, s.listing, true, s.now);
  return members;
}

/** The admin activity log (docs/product/administration.md#the-activity-log) records dispute decisions too. */
function adminDecision(
  s: StepContext,
  outcome: 'complete' | 'refund',
  notes: string | null,
): StepRecord['adminAction'] {
  if (s.actor.kind !== 'admin') return undefined;
  return {
    adminId: s.actor.id,
    action: 'resolve_trade_dispute',
    target: `trade_request:${s.trade.id}`,
    details: { outcome, notes, heldPoints: s.trade.heldPoints },
  };
}

type StepFn<A extends TradeCommand['action']> = (
  s: StepContext,
  c: Extract<TradeCommand, { action: A }>,
) => Promise<TradeRequest>;

export const STEPS: { [A in TradeCommand['action']]: StepFn<A> } = {
  async accept(s) {
    if (s.listing.status !== 'active' || !s.listing.isAvailable) {
      throw new AppError(
        'INVALID_TRANSITION',
        'This puzzle is no longer available, so the request cannot be accepted.',
      );
    }
    const members = await lockParties(s);
    // The owner is about to be shown an address to post to: there must be one.
    if (!isProfileComplete(members.get(s.trade.requesterId)!)) {
      throw new AppError('INVALID_TRANSITION', REQUESTER_PROFILE_INCOMPLETE_MESSAGE);
    }
    const cost = s.trade.puzzlePointsCost;
    // Refused with 409 BALANCE_TOO_LOW (and the whole step rolled back) if the requester has
    // spent the points on another trade since asking.
    if (cost > 0) {
      await changeBalance(s.tx, {
        userId: s.trade.requesterId,
        amount: -cost,
        reason: 'trade_hold',
        tradeRequestId: s.trade.id,
      });
    }
    await setListingAvailability(s.tx, s.listing, false, s.now);
    // The puzzle is taken: no first offer runs on, and the requester's wish for it is fulfilled (docs/product/wanted.md).
    await listingWithdrawn(s.tx, s.listing, s.now);
    await fulfilWishes(s.tx, s.trade.requesterId, s.listing);
    // The posting deadline (docs/product/trust.md#the-posting-deadline): the club's setting now;
    // the trade keeps its dates whatever the setting becomes.
    const shipMs = (await readSetting(s.tx, 'shipWithinDays')) * DAY_MS;

    // The puzzle can go to one member only: every other open ask is declined, and told so.
    const others = await lockPendingRequests(s.tx, s.listing.id, s.trade.id);
    for (const other of others) {
      const sub: StepContext = { ...s, trade: other };
      s.touched.push(
        await finish(
          sub,
          'auto-decline',
          { status: 'declined', declinedAt: s.now },
          { details: { acceptedTradeId: s.trade.id } },
        ),
      );
    }
    return finish(
      s,
      'accept',
      {
        status: 'accepted',
        acceptedAt: s.now,
        heldPoints: cost,
        shipBy: new Date(s.now.getTime() + shipMs),
        shipReminderAt: new Date(s.now.getTime() + shipMs / 2),
      },
      { members, details: { held: cost } },
    );
  },

  async decline(s, c) {
    return finish(
      s,
      'decline',
      { status: 'declined', declinedAt: s.now, declineReason: c.reason ?? null },
      {
        facts: { reason: c.reason ?? null },
      },
    );
  },

  async cancel(s) {
    const wasHeld = s.trade.status === 'accepted';
    const members = wasHeld ? await refundHeld(s) : undefined;
    return finish(
      s,
      'cancel',
      { status: 'cancelled', cancelledAt: s.now, heldPoints: 0 },
      {
        members,
        facts: { wasHeld },
        details: { refunded: wasHeld ? s.trade.heldPoints : 0 },
      },
    );
  },

  async ship(s, c) {
    return finish(
      s,
      'ship',
      {
        status: 'shipped',
        shippedAt: s.now,
        handedOver: c.handedOver === true,
        // Handed over in person: nothing was posted, so no carrier or tracking number.
        carrierName: c.handedOver === true ? null : (c.carrierName ?? null),
        trackingNumber: c.handedOver === true ? null : (c.trackingNumber ?? null),
        shippingNotes: c.shippingNotes ?? null,
        // The club's setting now; the trade keeps this date whatever the setting becomes.
        autoCompleteAt: new Date(s.now.getTime() + (await readSetting(s.tx, 'shippedAutoCompleteDays')) * DAY_MS),
      },
      {
        facts:
          c.handedOver === true
            ? { handedOver: true, carrierName: null, trackingNumber: null }
            : { carrierName: c.carrierName ?? null, trackingNumber: c.trackingNumber ?? null },
      },
    );
  },

  // The arrival check (docs/product/trust.md#the-arrival-check): more pieces missing than the
  // listing declared sends part of the cost back to the requester; the rest is the owner's.
  async 'confirm-delivery'(s, c) {
    const reported = c.arrived === 'missing_pieces' ? (c.missingPieces ?? null) : null;
    const incomplete = arrivedIncomplete(reported, s.listing.missingPieces);
    const refund = incomplete
      ? Math.min(
          s.trade.heldPoints,
          missingPieceRefund(s.trade.puzzlePointsCost, await readSetting(s.tx, 'missingPieceRefundPercent')),
        )
      : 0;
    return completeTrade(
      s,
      incomplete ? 'arrived-incomplete' : 'confirm-delivery',
      {
        deliveredAt: s.now,
        deliveryNotes: c.deliveryNotes ?? null,
        missingPiecesReported: reported,
        arrivedIncomplete: incomplete,
        missingPiecesRefund: refund,
      },
      { missingPieces: reported, refund },
      undefined,
      refund,
      { missingPieces: reported ?? 0, declaredMissing: s.listing.missingPieces, refund },
    );
  },

  async dispute(s, c) {
    const actorRole = s.role === 'owner' ? 'owner' : 'requester';
    return finish(
      s,
      'dispute',
      {
        status: 'disputed',
        disputedAt: s.now,
        disputeDetails: c.details,
        disputedById: s.actor.kind === 'system' ? null : s.actor.id,
      },
      { facts: { actorRole, details: c.details }, details: { by: actorRole } },
    );
  },

  async 'resolve-complete'(s, c) {
    const adminId = s.actor.kind === 'admin' ? s.actor.id : null;
    return completeTrade(
      s,
      'resolve-complete',
      { resolvedAt: s.now, resolvedById: adminId },
      { notes: c.notes ?? null },
      adminDecision(s, 'complete', c.notes ?? null),
    );
  },

  async 'resolve-refund'(s, c) {
    const members = await refundHeld(s);
    const adminId = s.actor.kind === 'admin' ? s.actor.id : null;
    return finish(
      s,
      'resolve-refund',
      { status: 'refunded', heldPoints: 0, resolvedAt: s.now, resolvedById: adminId },
      {
        members,
        details: { refunded: s.trade.heldPoints, notes: c.notes ?? null },
        adminAction: adminDecision(s, 'refund', c.notes ?? null),
      },
    );
  },

  async expire(s) {
    return finish(s, 'expire', { status: 'expired' });
  },

  async 'auto-complete'(s) {
    return completeTrade(s, 'auto-complete', {});
  },

  // The posting deadline (docs/product/trust.md#the-posting-deadline), the sweeper's two steps.
  async 'ship-reminder'(s) {
    return finish(s, 'ship-reminder', { shipRemindedAt: s.now }, { facts: { shipBy: s.trade.shipBy } });
  },

  async 'ship-deadline'(s) {
    const members = await refundHeld(s);
    return finish(
      s,
      'ship-deadline',
      { status: 'cancelled', cancelledAt: s.now, heldPoints: 0, notSentInTime: true },
      { members, details: { refunded: s.trade.heldPoints } },
    );
  },
};
