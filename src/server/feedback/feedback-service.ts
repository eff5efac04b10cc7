import { eq } from 'drizzle-orm';
import { FEEDBACK_VISIBLE_AFTER_MS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { FeedbackBody, FeedbackReportBody, FeedbackResponseBody } from '../../domain/trades';
import type { DbOrTx } from '../db/client';
import { puzzleListings } from '../db/schema';
import { displayName } from '../trades/display';
import { emptyOutbox, recordStep, type Outbox, type RequestMeta } from '../trades/trade-notices';
import { TRADE_NOT_FOUND_MESSAGE } from '../trades/trade-service';
import { findTrade, lockMembers, lockTrade } from '../trades/trades-repository';
import {
  feedbackById,
  feedbackForTrade,
  hasPendingReport,
  insertFeedback,
  insertReport,
  insertResponse,
  lockFeedback,
  refreshReputation,
  type FeedbackRow,
} from './feedback-repository';

// Feedback after a completed trade (CONTRACT §4): each party rates the other once. It stays
// hidden until both have rated or 14 days have passed, so neither can answer the other's
// score. The rated member may respond once; any member who can read a piece of feedback
// (or its response) may report it, except its author.

export const FEEDBACK_NOT_FOUND_MESSAGE = 'Feedback not found';
export const NOT_COMPLETED_MESSAGE = 'You can leave feedback once the trade is complete.';
export const RESPONSE_EXISTS_MESSAGE = 'You have already responded to this feedback.';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this. A club administrator will look at it.';

export type FeedbackDto = {
  id: number;
  tradeRequestId: number;
  fromUserId: number;
  toUserId: number;
  fromName: string;
  puzzleTitle: string;
  rating: number;
  comment: string;
  createdAt: string;
  isVisible: boolean;
  response: { id: number; response: string; createdAt: string } | null;
};

export function toFeedbackDto(row: FeedbackRow): FeedbackDto {
  const f = row.feedback;
  const response = row.response && row.response.isVisible ? row.response : null;
  return {
    id: f.id,
    tradeRequestId: f.tradeRequestId,
    fromUserId: f.fromUserId,
    toUserId: f.toUserId,
    fromName: displayName(row.fromFirstName, row.fromLastName),
    puzzleTitle: row.puzzleTitle,
    rating: f.rating,
    comment: f.comment,
    createdAt: f.createdAt.toISOString(),
    isVisible: Boolean(row.visible),
    response: response
      ? { id: response.id, response: response.responseText, createdAt: response.createdAt.toISOString() }
      : null,
  };
}

function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function leaveFeedback(
  db: DbOrTx,
  actor: { id: number; meta?: RequestMeta },
  tradeId: number,
  body: FeedbackBody,
  opts: { now?: Date } = {},
): Promise<{ feedback: FeedbackDto; outbox: Outbox }> {
  const now = opts.now ?? new Date();
  const peek = await findTrade(db, tradeId);
  if (!peek || (peek.requesterId !== actor.id && peek.ownerId !== actor.id)) {
    throw new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);
  }
  const outbox = emptyOutbox();
  try {
    const id = await db.transaction(async (tx) => {
      // Locked so the two parties' feedback, arriving together, see each other and the
      // ratings are refreshed once both exist.
      const trade = (await lockTrade(tx, tradeId))!;
      if (trade.status !== 'completed') throw new AppError('INVALID_TRANSITION', NOT_COMPLETED_MESSAGE);
      const existing = await feedbackForTrade(tx, trade.id, now);
      if (existing.some((r) => r.feedback.fromUserId === actor.id)) throw new AppError('FEEDBACK_EXISTS');
      const toUserId = trade.requesterId === actor.id ? trade.ownerId : trade.requesterId;
      const row = await insertFeedback(tx, {
        tradeRequestId: trade.id,
        fromUserId: actor.id,
        toUserId,
        rating: body.rating,
        comment: body.comment,
        createdAt: now,
        updatedAt: now,
      });
      // Visibility changes now if the other party had already rated (both become visible),
      // or if the 14 days have already passed.
      const bothLeft = existing.length > 0;
      const late =
        trade.completedAt !== null && now.getTime() - trade.completedAt.getTime() >= FEEDBACK_VISIBLE_AFTER_MS;
      // Members are locked in id order, as every trade step does, before their rating changes.
      const members = new Map((await lockMembers(tx, [trade.requesterId, trade.ownerId])).map((u) => [u.id, u]));
      if (bothLeft || late) {
        await refreshReputation(tx, bothLeft ? [trade.requesterId, trade.ownerId] : [toUserId], now);
      }

      const requester = members.get(trade.requesterId)!;
      const owner = members.get(trade.ownerId)!;
      const [listing] = await tx
        .select({ title: puzzleListings.title })
        .from(puzzleListings)
        .where(eq(puzzleListings.id, trade.puzzleListingId));
      await recordStep(tx, outbox, {
        step: 'feedback',
        trade,
        facts: {
          title: listing!.title,
          cost: trade.puzzlePointsCost,
          requesterName: displayName(requester.firstName, requester.lastName),
          ownerName: displayName(owner.firstName, owner.lastName),
          actorRole: trade.ownerId === actor.id ? 'owner' : 'requester',
          rating: body.rating,
        },
        requester,
        owner,
        actorId: actor.id,
        details: { feedbackId: row.id, rating: body.rating },
        meta: actor.meta,
        now,
      });
      return row.id;
    });
    return { feedback: toFeedbackDto((await feedbackById(db, id, now))!), outbox };
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError('FEEDBACK_EXISTS');
    throw err;
  }
}

export type TradeFeedback = {
  /** What the caller wrote: always theirs to see. */
  given: FeedbackDto | null;
  /** What the other party wrote, once it is visible. */
  received: FeedbackDto | null;
  /** The other party has rated, but it is hidden until the caller rates or 14 days pass. */
  receivedHidden: boolean;
  canLeave: boolean;
  /** When hidden feedback becomes visible by time (14 days after completion). */
  visibleFrom: string | null;
};

export async function tradeFeedback(
  db: DbOrTx,
  memberId: number,
  tradeId: number,
  now = new Date(),
): Promise<TradeFeedback> {
  const trade = await findTrade(db, tradeId);
  if (!trade || (trade.requesterId !== memberId && trade.ownerId !== memberId)) {
    throw new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);
  }
  const rows = await feedbackForTrade(db, tradeId, now);
  const given = rows.find((r) => r.feedback.fromUserId === memberId);
  const received = rows.find((r) => r.feedback.toUserId === memberId);
  return {
    given: given ? toFeedbackDto(given) : null,
    received: received && received.visible ? toFeedbackDto(received) : null,
    receivedHidden: Boolean(received && !received.visible),
    canLeave: trade.status === 'completed' && !given,
    visibleFrom: trade.completedAt
      ? new Date(trade.completedAt.getTime() + FEEDBACK_VISIBLE_AFTER_MS).toISOString()
      : null,
  };
}

export async function respondToFeedback(
  db: DbOrTx,
  memberId: number,
  feedbackId: number,
  body: FeedbackResponseBody,
  now = new Date(),
) {
  const row = await feedbackById(db, feedbackId, now);
  const f = row?.feedback;
  if (!row || !f || (f.toUserId !== memberId && f.fromUserId !== memberId)) {
    throw new AppError('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE);
  }
  if (f.toUserId !== memberId) {
    throw new AppError('FORBIDDEN', 'Only the member who received this feedback can respond to it.');
  }
  // The recipient cannot see hidden feedback, so there is nothing to answer yet.
  if (!row.visible) throw new AppError('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE);
  if (row.response) throw new AppError('CONFLICT', RESPONSE_EXISTS_MESSAGE);
  try {
    const response = await insertResponse(db, feedbackId, body.response, now);
    return {
      id: response.id,
      feedbackId,
      response: response.responseText,
      createdAt: response.createdAt.toISOString(),
    };
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError('CONFLICT', RESPONSE_EXISTS_MESSAGE);
    throw err;
  }
}

export async function reportFeedback(
  db: DbOrTx,
  memberId: number,
  feedbackId: number,
  body: FeedbackReportBody,
  target: 'feedback' | 'response',
  now = new Date(),
) {
  // One transaction holding the feedback row's lock from the 'already reported?' check to the
  // insert: two quick reports of the same thing (a double click, two tabs) then run one after
  // the other, and the second sees the first. No unique index needed (a member may report
  // again once an administrator has dealt with the first report).
  return db.transaction(async (tx) => {
    await lockFeedback(tx, feedbackId);
    const row = await feedbackById(tx, feedbackId, now);
    // Only what the member can read can be reported: visible feedback (shown on member pages),
    // or the member's own.
    const readable = row && (row.visible || row.feedback.fromUserId === memberId);
    if (!row || !readable) throw new AppError('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE);
    const response = row.response && row.response.isVisible ? row.response : null;
    if (target === 'response' && !response) throw new AppError('NOT_FOUND', 'Response not found');
    const authorId = target === 'feedback' ? row.feedback.fromUserId : row.feedback.toUserId;
    if (authorId === memberId) throw new AppError('FORBIDDEN', 'You cannot report what you wrote yourself.');

    const ref = target === 'feedback' ? { feedbackId } : { responseId: response!.id };
    if (await hasPendingReport(tx, memberId, ref)) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    const report = await insertReport(tx, {
      reportedByUserId: memberId,
      feedbackId,
      responseId: target === 'response' ? response!.id : null,
      reportReason: body.reason,
      reportDetails: body.details,
      createdAt: now,
    });
    return { id: report.id, status: report.status, createdAt: report.createdAt.toISOString() };
  });
}
