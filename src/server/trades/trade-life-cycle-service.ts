import { THREAD_SUBJECT_MAX, DAY_MS } from '../../domain/constants';
import { isSuspended } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { isProfileComplete } from '../../domain/profile';
import { requestBlocker, requestBlockerCode, type TradeRequestBody } from '../../domain/trades';
import { readSetting } from '../admin/settings-service';
import type { TradeRequest, User } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { memberDisplayName } from '../../domain/members';
import { awayMessage, isAway, isNewTrader, newTraderLimitMessage, type ArrivalKind } from '../../domain/trust';
import type { RequestMeta } from '../http/route-helpers';
import { lockListing } from '../listings/listing-stock-service';
import { lockMembers, membersById } from '../members/members-service';
import { claimHeldListing } from '../wanted/wish-offers-service';
import { addMessage, createThread } from '../messages/threads-service';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import { recordStep } from './trade-notices';
import { assertAllowed, notFound } from './trade-refusals';
import { backdate, factsFor, isParty, roleOf, type StepContext } from './trade-step';
import { STEPS } from './trade-steps';
import {
  countOpenRequestsAsRequester,
  findOpenRequest,
  findTrade,
  insertTrade,
  lockTrade,
  updateTrade,
} from './trades-repository';
import { truncate } from '../../domain/sentences';
import { uniqueViolationConstraint } from '../db/client';

// The life of a trade (docs/product/trades.md). Every step is ONE transaction that locks what it reads
// (listing, then the trade, then the members in id order), re-checks who may act and the
// state under the lock, moves points only through the ledger, and records its notices
// (src/server/notices/), which go out once it has committed. A refused step throws before
// writing anything, so the transaction leaves no trace and tells no one.

export type Actor =
  | { kind: 'member'; id: number; meta?: RequestMeta }
  | { kind: 'admin'; id: number; meta?: RequestMeta }
  | { kind: 'system' };

export type TradeCommand =
  | { action: 'accept' }
  | { action: 'decline'; reason?: string | null }
  | { action: 'cancel' }
  | {
      action: 'ship';
      handedOver?: boolean;
      carrierName?: string | null;
      trackingNumber?: string | null;
      shippingNotes?: string | null;
    }
  | {
      action: 'confirm-delivery';
      deliveryNotes?: string | null;
      /** The arrival check (docs/product/trust.md#the-arrival-check); as described when absent. */
      arrived?: ArrivalKind;
      missingPieces?: number | null;
    }
  | { action: 'dispute'; details: string }
  | { action: 'resolve-complete'; notes?: string | null }
  | { action: 'resolve-refund'; notes?: string | null }
  | { action: 'expire' }
  | { action: 'auto-complete' }
  | { action: 'ship-reminder' }
  | { action: 'ship-deadline' };

export type StepOptions = {
  now?: Date;
  /** The demo seed only: date the step's messages and ledger rows at `now`. */
  backdate?: boolean;
};

export type StepResult = { trade: TradeRequest };

/** Whether a scheduled step is (still) due: another process or a member may have got there first. */
function isDue(command: TradeCommand, trade: TradeRequest, now: Date): boolean {
  if (command.action === 'expire') {
    return trade.status === 'pending' && trade.expiresAt !== null && trade.expiresAt <= now;
  }
  if (command.action === 'auto-complete') {
    return trade.status === 'shipped' && trade.autoCompleteAt !== null && trade.autoCompleteAt <= now;
  }
  // The posting deadline (docs/product/trust.md#the-posting-deadline): the reminder once, at
  // half time and only while the deadline is still ahead; the cancellation once it has passed.
  if (command.action === 'ship-deadline') {
    return trade.status === 'accepted' && trade.shipBy !== null && trade.shipBy <= now;
  }
  if (command.action === 'ship-reminder') {
    return (
      trade.status === 'accepted' &&
      trade.shipRemindedAt === null &&
      trade.shipReminderAt !== null &&
      trade.shipReminderAt <= now &&
      (trade.shipBy === null || trade.shipBy > now)
    );
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Requesting a puzzle

export async function requestTrade(
  deps: NoticeDeps,
  actor: { id: number; meta?: RequestMeta },
  body: TradeRequestBody,
  opts: StepOptions = {},
): Promise<StepResult> {
  const now = opts.now ?? new Date();
  try {
    const trade = await commitWithNotices(deps, async (tx, outbox) => {
      // Locked so an acceptance (which makes the listing unavailable) cannot slip in between
      // the availability check and the insert.
      const listing = await lockListing(tx, body.puzzleListingId);
      const hidden =
        listing && listing.userId !== actor.id && (listing.status === 'draft' || listing.status === 'archived');
      if (!listing || hidden) throw new AppError('LISTING_NOT_FOUND');
      if (listing.userId === actor.id) throw new AppError('OWN_LISTING');
      if (listing.status !== 'active' || !listing.isAvailable) throw new AppError('LISTING_UNAVAILABLE');

      const members = await membersById(tx, [actor.id, listing.userId]);
      const requester = members.get(actor.id)!;
      const owner = members.get(listing.userId)!;
      // A suspended member's puzzles are off the club until the suspension ends (docs/product/administration.md#suspensions).
      if (isSuspended(owner, now)) throw new AppError('LISTING_UNAVAILABLE');
      // An away member's puzzles wait for them (docs/product/trust.md#away).
      if (isAway(owner, now)) {
        throw new AppError(
          'MEMBER_AWAY',
          awayMessage(memberDisplayName(owner.firstName, owner.lastName), owner.awayUntil!, now),
        );
      }
      if (await findOpenRequest(tx, requester.id, listing.id)) throw new AppError('DUPLICATE_REQUEST');
      // Held for a member who wished for it: refused to others; the member it is held for ends the hold.
      await claimHeldListing(tx, outbox, listing, requester.id, now);
      const eligibility = {
        isOwner: false,
        profileComplete: isProfileComplete(requester),
        balance: requester.puzzlePoints,
        cost: listing.puzzlePoints,
      };
      const blocker = requestBlockerCode(eligibility);
      if (blocker) throw new AppError(blocker, requestBlocker(eligibility)!);
      await assertUnderNewTraderLimit(tx, requester);

      const inserted = await insertTrade(tx, {
        puzzleListingId: listing.id,
        requesterId: requester.id,
        ownerId: owner.id,
        status: 'pending',
        requestComments: body.requestComments ?? null,
        puzzlePointsCost: listing.puzzlePoints,
        // The club's setting now; the request keeps this date whatever the setting becomes.
        expiresAt: new Date(now.getTime() + (await readSetting(tx, 'pendingRequestExpiryDays')) * DAY_MS),
        createdAt: now,
        updatedAt: now,
      });
      const thread = await createThread(tx, {
        subject: truncate(`Trade request: ${listing.title}`, THREAD_SUBJECT_MAX),
        puzzleListingId: listing.id,
        tradeRequestId: inserted.id,
        participantIds: [requester.id, owner.id],
      });
      const trade = await updateTrade(tx, inserted.id, { threadId: thread.id });
      await recordStep(tx, outbox, {
        step: 'request',
        trade,
        facts: { ...factsFor(trade, listing, requester, owner), note: trade.requestComments },
        requester,
        owner,
        actorId: requester.id,
        details: { puzzleListingId: listing.id, cost: trade.puzzlePointsCost },
        meta: actor.meta,
        now,
      });
      // The member's own words follow the club's summary, as their first message.
      if (trade.requestComments) {
        await addMessage(tx, { threadId: thread.id, senderId: requester.id, content: trade.requestComments });
      }
      if (opts.backdate) await backdate(tx, trade, now);
      return trade;
    });
    return { trade };
  } catch (err) {
    // Two requests racing past the check: the partial unique index has the last word.
    if (uniqueViolationConstraint(err) === 'trade_requests_one_open_per_requester_listing') {
      throw new AppError('DUPLICATE_REQUEST');
    }
    throw err;
  }
}

/**
 * A member who has not completed a trade yet may have only trading.newTraderOpenRequests
 * requests open as requester (docs/product/trust.md#new-traders). Their row is locked first, so
 * their requests made at the same moment count one after another (on PostgreSQL each waits
 * for the one before to commit, then counts it): exactly the limit get through.
 */
async function assertUnderNewTraderLimit(tx: DbOrTx, requester: User): Promise<void> {
  if (!isNewTrader(requester)) return;
  const locked = (await lockMembers(tx, [requester.id])).get(requester.id)!;
  if (!isNewTrader(locked)) return;
  const limit = await readSetting(tx, 'newTraderOpenRequests');
  if ((await countOpenRequestsAsRequester(tx, requester.id)) >= limit) {
    throw new AppError('NEW_TRADER_LIMIT', newTraderLimitMessage(limit));
  }
}

// ---------------------------------------------------------------------------------------
// Every later step

/**
 * Runs one command on a trade. Members who are not a party get 404 (the trade does not exist
 * for them). For the scheduler (actor 'system') a trade that is locked by another process or
 * no longer due is skipped and null returned: the sweep is idempotent across processes.
 */
export async function applyTradeCommand(
  deps: NoticeDeps,
  tradeId: number,
  actor: Actor,
  command: TradeCommand,
  opts: StepOptions = {},
): Promise<StepResult | null> {
  const now = opts.now ?? new Date();
  const system = actor.kind === 'system';
  const peek = await findTrade(deps.db, tradeId);
  if (!peek) {
    if (system) return null;
    throw notFound();
  }
  if (actor.kind === 'member' && !isParty(peek, actor.id)) throw notFound();
  if (actor.kind === 'admin' && isParty(peek, actor.id)) {
    throw new AppError(
      'FORBIDDEN',
      'You cannot resolve a dispute in a trade you are part of. Please ask another administrator.',
    );
  }

  const trade = await commitWithNotices(deps, async (tx, outbox) => {
    const listing = await lockListing(tx, peek.puzzleListingId, { skipLocked: system });
    if (!listing) return null;
    const locked = await lockTrade(tx, tradeId, { skipLocked: system });
    if (!locked) return null;
    if (system) {
      if (!isDue(command, locked, now)) return null;
    } else {
      assertAllowed(command.action, locked, roleOf(locked, actor));
    }
    const step: StepContext = {
      tx,
      outbox,
      trade: locked,
      listing,
      actor,
      role: roleOf(locked, actor),
      now,
      touched: [],
    };
    const updated = await STEPS[command.action](step, command as never);
    if (opts.backdate) {
      for (const t of [updated, ...step.touched]) await backdate(tx, t, now);
    }
    return updated;
  });
  return trade ? { trade } : null;
}
