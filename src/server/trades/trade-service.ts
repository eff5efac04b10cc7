import { DAY_MS, THREAD_SUBJECT_MAX } from '../../domain/constants';
import { isSuspended } from '../../domain/admin';
import { TRADE_STATUSES, type TradeStatus } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { isProfileComplete } from '../../domain/profile';
import {
  requestBlocker,
  requestBlockerCode,
  TRADE_TRANSITIONS,
  type Trade,
  type TradeAction,
  type TradeListRole,
  type TradeRequestBody,
  type TradeRole,
} from '../../domain/trades';
import { memberDisplayName } from '../../domain/members';
import { readSetting } from '../admin/settings-service';
import type { DbOrTx } from '../db/client';
import type { NewTradeRequest, PuzzleListing, TradeRequest, User } from '../db/schema';
import type { RequestMeta } from '../http/route-helpers';
import { unlockEarnedAchievementsForEach } from '../achievements/achievements-service';
import { findListing, lockListing, markListingSold, setListingAvailability } from '../listings/listing-stock-service';
import { countCompletedTrade, lockMembers, membersById, recordActivities } from '../members/members-service';
import { addMessage, backdateThread, createThread } from '../messages/threads-service';
import { commitWithNotices, type NoticeDeps, type Outbox } from '../notices/notices';
import { backdateTradeLedger, changeBalance } from '../points/ledger';
import { recordStep, type StepRecord } from './trade-notices';
import type { StepFacts, TradeStep } from './trade-texts';
import { toTradeView } from './trade-view';
import {
  disputedTradeRows,
  dueForAutoComplete,
  dueForExpiry,
  findOpenRequest,
  findTrade,
  hasAskedFor,
  hasTradeUnderWay,
  insertTrade,
  lockPendingRequests,
  lockTrade,
  memberTradeRows,
  countTradesByStatus,
  pendingTradesOf,
  tradeRow,
  tradesUnderWayOf,
  updateTrade,
} from './trades-repository';

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
  | { action: 'ship'; carrierName?: string | null; trackingNumber?: string | null; shippingNotes?: string | null }
  | { action: 'confirm-delivery'; deliveryNotes?: string | null }
  | { action: 'dispute'; details: string }
  | { action: 'resolve-complete'; notes?: string | null }
  | { action: 'resolve-refund'; notes?: string | null }
  | { action: 'expire' }
  | { action: 'auto-complete' };

export type StepOptions = {
  now?: Date;
  /** The demo seed only: date the step's messages and ledger rows at `now`. */
  backdate?: boolean;
};

export type StepResult = { trade: TradeRequest };

export const TRADE_NOT_FOUND_MESSAGE = 'Trade request not found';
export const REQUESTER_PROFILE_INCOMPLETE_MESSAGE =
  'The member who asked has no complete postal address on their profile at the moment, so the request cannot be accepted yet.';
export const WITHDRAWN_REASON = 'The owner took this puzzle off the club.';
const notFound = () => new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);

const WRONG_PARTY: Partial<Record<TradeAction, string>> = {
  accept: 'Only the owner of the puzzle can accept this request.',
  decline: 'Only the owner of the puzzle can decline this request.',
  ship: 'Only the owner of the puzzle can mark it as sent.',
  cancel: 'Only the member who made the request can cancel it.',
  'confirm-delivery': 'Only the member who made the request can confirm that the puzzle arrived.',
  dispute: 'Only the two members in this trade can report a problem with it.',
  'resolve-complete': 'Only a club administrator can resolve a dispute.',
  'resolve-refund': 'Only a club administrator can resolve a dispute.',
};

const DONE_AS: Record<TradeAction, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  ship: 'marked as sent',
  'confirm-delivery': 'confirmed as received',
  dispute: 'reported as a problem',
  'resolve-complete': 'resolved',
  'resolve-refund': 'resolved',
  expire: 'expired',
  'auto-complete': 'completed',
};

export function wrongStateMessage(action: TradeAction, status: TradeStatus): string {
  return `This trade is ${status}, so it cannot be ${DONE_AS[action]}.`;
}

function isParty(trade: Pick<TradeRequest, 'requesterId' | 'ownerId'>, memberId: number): boolean {
  return trade.requesterId === memberId || trade.ownerId === memberId;
}

function roleOf(trade: TradeRequest, actor: Actor): TradeRole {
  if (actor.kind === 'system') return 'system';
  if (actor.kind === 'admin') return 'admin';
  return trade.ownerId === actor.id ? 'owner' : 'requester';
}

/** 403 for the wrong party (whatever the state), then 409 for the wrong state. */
function assertAllowed(action: TradeAction, trade: TradeRequest, role: TradeRole): void {
  const t = TRADE_TRANSITIONS[action];
  const rightParty = t.by === 'either' ? role === 'owner' || role === 'requester' : t.by === role;
  if (!rightParty) throw new AppError('FORBIDDEN', WRONG_PARTY[action]);
  if (!(t.from as readonly string[]).includes(trade.status)) {
    throw new AppError('INVALID_TRANSITION', wrongStateMessage(action, trade.status as TradeStatus));
  }
}

/** Whether a scheduled step is (still) due: another process or a member may have got there first. */
function isDue(command: TradeCommand, trade: TradeRequest, now: Date): boolean {
  if (command.action === 'expire') {
    return trade.status === 'pending' && trade.expiresAt !== null && trade.expiresAt <= now;
  }
  if (command.action === 'auto-complete') {
    return trade.status === 'shipped' && trade.autoCompleteAt !== null && trade.autoCompleteAt <= now;
  }
  return false;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Whole days between two instants, when both are known (a trade's clocks, for its texts). */
function daysBetween(from: Date | null, to: Date | null): number | undefined {
  return from && to ? Math.round((to.getTime() - from.getTime()) / DAY_MS) : undefined;
}

function factsFor(trade: TradeRequest, listing: PuzzleListing, requester: User, owner: User): StepFacts {
  return {
    title: listing.title,
    cost: trade.puzzlePointsCost,
    requesterName: memberDisplayName(requester.firstName, requester.lastName),
    ownerName: memberDisplayName(owner.firstName, owner.lastName),
    // The clocks this trade was given when they started (the club's settings then).
    expiryDays: daysBetween(trade.createdAt, trade.expiresAt),
    autoCompleteDays: daysBetween(trade.shippedAt, trade.autoCompleteAt),
  };
}

// ---------------------------------------------------------------------------------------
// Reading trades

/** At most this many trades in one list: far more than a member has. */
export const TRADE_LIST_LIMIT = 500;
/** At most this many disputes in one answer: far more than a club has open at once. */
export const DISPUTES_LIST_LIMIT = 200;

/** A trade as one of its two members sees it; 404 for anyone else (it does not exist for them). */
export async function tradeForMember(db: DbOrTx, id: number, memberId: number): Promise<Trade> {
  const row = await tradeRow(db, id, memberId);
  if (!row || (row.trade.requesterId !== memberId && row.trade.ownerId !== memberId)) throw notFound();
  return toTradeView(row, { id: memberId, role: row.trade.ownerId === memberId ? 'owner' : 'requester' });
}

/** A member's trades, newest first; `role` narrows to the ones they asked for or received. */
export async function memberTrades(db: DbOrTx, memberId: number, role?: TradeListRole): Promise<Trade[]> {
  const rows = await memberTradeRows(db, memberId, role, TRADE_LIST_LIMIT);
  return rows.map((row) =>
    toTradeView(row, { id: memberId, role: row.trade.ownerId === memberId ? 'owner' : 'requester' }),
  );
}

/** A trade as an administrator sees it (no thread, no address, the decision buttons). */
export async function tradeForAdmin(db: DbOrTx, id: number, adminId: number): Promise<Trade> {
  const row = await tradeRow(db, id, null);
  if (!row) throw notFound();
  return toTradeView(row, { id: adminId, role: 'admin' });
}

/** A member's trades as an administrator sees them (the admin panel's member page), newest first. */
export async function memberTradesForAdmin(db: DbOrTx, memberId: number, adminId: number): Promise<Trade[]> {
  const rows = await memberTradeRows(db, memberId, undefined, TRADE_LIST_LIMIT);
  return rows.map((row) => toTradeView(row, { id: adminId, role: 'admin' }));
}

/** How many trades are in each status, every status named (the admin overview). */
export async function tradeCountsByStatus(db: DbOrTx): Promise<Record<TradeStatus, number>> {
  const counts = Object.fromEntries(TRADE_STATUSES.map((s) => [s, 0])) as Record<TradeStatus, number>;
  for (const row of await countTradesByStatus(db)) counts[row.status as TradeStatus] = Number(row.n);
  return counts;
}

/** The disputes waiting for an administrator's decision, the one waiting longest first. */
export async function disputedTrades(db: DbOrTx, adminId: number): Promise<Trade[]> {
  const rows = await disputedTradeRows(db, DISPUTES_LIST_LIMIT);
  return rows.map((row) => toTradeView(row, { id: adminId, role: 'admin' }));
}

/**
 * Only the demo seed writes history: what this transaction wrote for the trade (its ledger
 * rows, its thread's messages) moves to the step's date, so a seeded trade reads in order in
 * its thread and in the points history.
 */
async function backdate(tx: DbOrTx, trade: TradeRequest, at: Date): Promise<void> {
  await backdateTradeLedger(tx, trade.id, at);
  if (trade.threadId !== null) await backdateThread(tx, trade.threadId, at);
}

function pgErrorConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
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
      if (await findOpenRequest(tx, requester.id, listing.id)) throw new AppError('DUPLICATE_REQUEST');
      const eligibility = {
        isOwner: false,
        profileComplete: isProfileComplete(requester),
        balance: requester.puzzlePoints,
        cost: listing.puzzlePoints,
      };
      const blocker = requestBlockerCode(eligibility);
      if (blocker) throw new AppError(blocker, requestBlocker(eligibility)!);

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
    if (pgErrorConstraint(err) === 'trade_requests_one_open_per_requester_listing') {
      throw new AppError('DUPLICATE_REQUEST');
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------
// Every later step

type StepContext = {
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
  for (const trade of await lockPendingRequests(tx, listing.id)) {
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
  for (const pending of await pendingTradesOf(tx, memberId)) {
    const listing = await lockListing(tx, pending.puzzleListingId);
    const trade = await lockTrade(tx, pending.id);
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
export { tradesUnderWayOf };

/** How many requests wait for an answer from or to the member. */
export async function pendingRequestCountOf(db: DbOrTx, memberId: number): Promise<number> {
  return (await pendingTradesOf(db, memberId)).length;
}

// Each step: the writes for one transition. `finish` records the notices and returns the row.

async function finish(
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

function lockParties(s: StepContext): Promise<Map<number, User>> {
  return lockMembers(s.tx, [s.trade.requesterId, s.trade.ownerId]);
}

/** Held points go to the owner, the listing is sold, both members count one more trade. */
async function completeTrade(
  s: StepContext,
  stepName: TradeStep,
  values: Partial<NewTradeRequest>,
  details: Record<string, unknown> = {},
  adminAction?: StepRecord['adminAction'],
): Promise<TradeRequest> {
  const members = await lockParties(s);
  if (s.trade.heldPoints > 0) {
    await changeBalance(s.tx, {
      userId: s.trade.ownerId,
      amount: s.trade.heldPoints,
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
    { members, details: { paid: s.trade.heldPoints, ...details }, adminAction },
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

const STEPS: { [A in TradeCommand['action']]: StepFn<A> } = {
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
      { status: 'accepted', acceptedAt: s.now, heldPoints: cost },
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
        carrierName: c.carrierName ?? null,
        trackingNumber: c.trackingNumber ?? null,
        shippingNotes: c.shippingNotes ?? null,
        // The club's setting now; the trade keeps this date whatever the setting becomes.
        autoCompleteAt: new Date(s.now.getTime() + (await readSetting(s.tx, 'shippedAutoCompleteDays')) * DAY_MS),
      },
      { facts: { carrierName: c.carrierName ?? null, trackingNumber: c.trackingNumber ?? null } },
    );
  },

  async 'confirm-delivery'(s, c) {
    return completeTrade(s, 'confirm-delivery', { deliveredAt: s.now, deliveryNotes: c.deliveryNotes ?? null });
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
};

// ---------------------------------------------------------------------------------------
// For other features: what they may ask of a trade (listings, messages, feedback, the sweeper)

/** Whether a trade for the listing is under way past its request: its owner cannot change it then. */
export { hasTradeUnderWay };

/** Whether the member has ever asked for the listing: they may still write to its owner about it. */
export { hasAskedFor };

/** The trade row for one of its two members; 404 for anyone else (it does not exist for them). */
export async function tradeForParty(db: DbOrTx, id: number, memberId: number): Promise<TradeRequest> {
  const trade = await findTrade(db, id);
  if (!trade || !isParty(trade, memberId)) throw notFound();
  return trade;
}

/** SELECT … FOR NO KEY UPDATE of the trade, for a change another feature makes about it (feedback). */
export async function lockTradeRow(tx: DbOrTx, id: number): Promise<TradeRequest> {
  const trade = await lockTrade(tx, id);
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

/** The trades whose clock has run out at `now`, for the sweeper: pending ones to expire, shipped ones to complete. */
export function tradesDue(db: DbOrTx, action: 'expire' | 'auto-complete', now: Date, limit: number): Promise<number[]> {
  return action === 'expire' ? dueForExpiry(db, now, limit) : dueForAutoComplete(db, now, limit);
}
