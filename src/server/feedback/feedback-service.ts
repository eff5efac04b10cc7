import { FEEDBACK_VISIBLE_AFTER_MS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type {
  Feedback,
  FeedbackBody,
  FeedbackReply,
  FeedbackReportBody,
  FeedbackResponseBody,
  TradeFeedback,
} from '../../domain/trades';
import { memberDisplayName } from '../../domain/members';
import { isUniqueViolation, type DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import type { RequestMeta } from '../http/route-helpers';
import { unlockEarnedAchievements, unlockEarnedAchievementsForEach } from '../achievements/achievements-service';
import { memberPageVisible, visibleMemberPageRow, type Viewer } from '../members/members-service';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import type { ModeratedWriting } from '../notices/moderation-notice';
import { checkReportAllowance } from '../admin/report-allowance-service';
import { lockTradeRow, recordFeedbackStep, tradeForParty } from '../trades/trades-service';
import {
  feedbackById,
  feedbackForTrade,
  hasPendingReport,
  insertFeedback,
  insertReport,
  insertResponse,
  lockFeedback,
  membersWithFeedbackTurningVisible,
  refreshReputation,
  visibleFeedbackReceived,
  feedbackTexts,
  responseTexts,
  setFeedbackVisible,
  setResponseVisible,
  writtenBy,
  type FeedbackRow,
  type ReportedRow,
} from './feedback-repository';

// Feedback after a completed trade (docs/product/trades.md#feedback): each party rates the other once. It stays
// hidden until both have rated or 14 days have passed, so neither can answer the other's
// score. The rated member may respond once; any member who can read a piece of feedback
// (or its response) may report it, except its author.

export const FEEDBACK_NOT_FOUND_MESSAGE = 'Feedback not found';
export const NOT_COMPLETED_MESSAGE = 'You can leave feedback once the trade is complete.';
export const RESPONSE_EXISTS_MESSAGE = 'You have already responded to this feedback.';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this. A club administrator will look at it.';

/** At most this many pieces of feedback on a member's page. */
export const MEMBER_FEEDBACK_LIMIT = 100;

function toFeedback(row: FeedbackRow): Feedback {
  const f = row.feedback;
  const response = row.response && row.response.isVisible ? row.response : null;
  return {
    id: f.id,
    tradeRequestId: f.tradeRequestId,
    fromUserId: f.fromUserId,
    toUserId: f.toUserId,
    fromName: memberDisplayName(row.fromFirstName, row.fromLastName),
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

export async function leaveFeedback(
  deps: NoticeDeps,
  actor: { id: number; meta?: RequestMeta },
  tradeId: number,
  body: FeedbackBody,
  opts: { now?: Date } = {},
): Promise<Feedback> {
  const now = opts.now ?? new Date();
  await tradeForParty(deps.db, tradeId, actor.id);
  try {
    const id = await commitWithNotices(deps, async (tx, outbox) => {
      // Locked so the two parties' feedback, arriving together, see each other and the
      // ratings are refreshed once both exist.
      const trade = await lockTradeRow(tx, tradeId);
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
      // The other member is told; this locks both members, in id order as every trade step
      // does, before their ratings change below.
      await recordFeedbackStep(tx, outbox, { trade, actor, feedbackId: row.id, rating: body.rating, now });
      // Visibility changes now if the other party had already rated (both become visible),
      // or if the 14 days have already passed.
      const bothLeft = existing.length > 0;
      const late =
        trade.completedAt !== null && now.getTime() - trade.completedAt.getTime() >= FEEDBACK_VISIBLE_AFTER_MS;
      if (bothLeft || late) {
        const rated = bothLeft ? [trade.requesterId, trade.ownerId] : [toUserId];
        await refreshReputation(tx, rated, now);
        // A changed rating may earn Trusted Trader.
        await unlockEarnedAchievementsForEach(tx, rated, outbox, now);
      }
      return row.id;
    });
    return toFeedback((await feedbackById(deps.db, id, now))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('FEEDBACK_EXISTS');
    throw err;
  }
}

export async function tradeFeedback(
  db: DbOrTx,
  memberId: number,
  tradeId: number,
  now = new Date(),
): Promise<TradeFeedback> {
  const trade = await tradeForParty(db, tradeId, memberId);
  const rows = await feedbackForTrade(db, tradeId, now);
  const given = rows.find((r) => r.feedback.fromUserId === memberId);
  const received = rows.find((r) => r.feedback.toUserId === memberId);
  return {
    given: given ? toFeedback(given) : null,
    received: received && received.visible ? toFeedback(received) : null,
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
): Promise<FeedbackReply> {
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
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', RESPONSE_EXISTS_MESSAGE);
    throw err;
  }
}

/** Whether the member can read this feedback: on its trade (a party) or on the rated member's page. */
async function canRead(db: DbOrTx, row: FeedbackRow, reader: Viewer): Promise<boolean> {
  const { fromUserId, toUserId } = row.feedback;
  if (fromUserId === reader.id) return true;
  if (!row.visible) return false;
  return toUserId === reader.id || memberPageVisible(db, toUserId, reader);
}

export async function reportFeedback(
  db: DbOrTx,
  reporter: Viewer,
  feedbackId: number,
  body: FeedbackReportBody,
  target: 'feedback' | 'response',
  now = new Date(),
) {
  // One transaction holding the feedback row's lock from the 'already reported?' check to the
  // insert: two quick reports of the same thing (a double click, two tabs) then run one after
  // the other, and the second sees the first. No unique index needed (a member may report
  // again once an administrator has dealt with the first report).
  return runInTransaction(db, async (tx) => {
    // The reporter's row before the feedback's, in the members-then-rows lock order.
    await checkReportAllowance(tx, reporter.id, now);
    await lockFeedback(tx, feedbackId);
    const row = await feedbackById(tx, feedbackId, now);
    // Only what the member can read can be reported: their own words, visible feedback on
    // their own trade, or visible feedback on a member page they may see (not a private one).
    if (!row || !(await canRead(tx, row, reporter))) throw new AppError('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE);
    const response = row.response && row.response.isVisible ? row.response : null;
    if (target === 'response' && !response) throw new AppError('NOT_FOUND', 'Response not found');
    const authorId = target === 'feedback' ? row.feedback.fromUserId : row.feedback.toUserId;
    if (authorId === reporter.id) throw new AppError('FORBIDDEN', 'You cannot report what you wrote yourself.');

    const ref = target === 'feedback' ? { feedbackId } : { responseId: response!.id };
    if (await hasPendingReport(tx, reporter.id, ref)) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    const report = await insertReport(tx, {
      reportedByUserId: reporter.id,
      feedbackId,
      responseId: target === 'response' ? response!.id : null,
      reportReason: body.reason,
      reportDetails: body.details,
      createdAt: now,
    });
    return { id: report.id, status: report.status, createdAt: report.createdAt.toISOString() };
  });
}

/** The visible feedback a member received, newest first (for a page the caller may show). */
export async function feedbackReceived(db: DbOrTx, memberId: number, now = new Date()): Promise<Feedback[]> {
  const rows = await visibleFeedbackReceived(db, memberId, now, MEMBER_FEEDBACK_LIMIT);
  return rows.map(toFeedback);
}

/**
 * GET /members/{id}/feedback: what others may read about a member, newest first; 404 where
 * their member page would be (no such member, or a private page the viewer may not see).
 */
export async function memberFeedback(db: DbOrTx, memberId: number, viewer: Viewer, now = new Date()) {
  await visibleMemberPageRow(db, memberId, viewer);
  return feedbackReceived(db, memberId, now);
}

/**
 * The sweeper's part: members whose received feedback turned visible by time in the last
 * `windowMs` (its trade passed 14 days since completion) get their cached rating refreshed,
 * one member per statement (a single UPDATE over many could lock them in another order than
 * a trade step does, and deadlock with it). Each member's refresh is its own transaction, with
 * the achievements the new rating earns.
 */
export async function refreshRatingsTurnedVisible(deps: NoticeDeps, now: Date, windowMs: number): Promise<void> {
  for (const memberId of await membersWithFeedbackTurningVisible(deps.db, now, windowMs)) {
    await commitWithNotices(deps, async (tx, outbox) => {
      await refreshReputation(tx, [memberId], now);
      // The new rating may earn Trusted Trader (unlocked once, whichever process gets here first).
      await unlockEarnedAchievements(tx, memberId, outbox, now);
    });
  }
}

// ---------------------------------------------------------------------------------------
// For the admin panel's reports (docs/product/administration.md#reports): what was reported, and hiding or showing it.

/** A reported piece of writing as an administrator reviews it. */
export type ReportedWriting = {
  text: string;
  author: { id: number; firstName: string | null; lastName: string | null };
  hidden: boolean;
  /** Where it stands (the rated member's page) and how its author hears of a decision. */
  notice: ModeratedWriting;
};

function byId(rows: ReportedRow[], kind: 'feedback' | 'response'): Map<number, ReportedWriting> {
  return new Map(
    rows.map((r) => [
      r.id,
      {
        text: r.text,
        author: { id: r.authorId, firstName: r.authorFirstName, lastName: r.authorLastName },
        hidden: !r.isVisible,
        notice: {
          authorId: r.authorId,
          what: kind === 'feedback' ? 'your feedback on a trade' : 'your reply to feedback',
          link: { path: `/members/${r.ratedUserId}`, label: 'Go to the member page' },
          forum: false,
        },
      },
    ]),
  );
}

/** Feedback by id, for the reports tab (one query for the whole page). */
export async function reportedFeedback(db: DbOrTx, ids: number[]): Promise<Map<number, ReportedWriting>> {
  return byId(await feedbackTexts(db, ids), 'feedback');
}

/** Responses by id, for the reports tab (one query for the whole page). */
export async function reportedResponses(db: DbOrTx, ids: number[]): Promise<Map<number, ReportedWriting>> {
  return byId(await responseTexts(db, ids), 'response');
}

/**
 * Hides or shows a piece of feedback, in the administrator's transaction. The rated member's
 * rating is the average of visible feedback, so it is refreshed. Answers whether it was hidden
 * before; 404 when it is gone.
 */
export async function setFeedbackHidden(tx: DbOrTx, id: number, hidden: boolean, now = new Date()): Promise<boolean> {
  const before = await setFeedbackVisible(tx, id, !hidden);
  if (!before) throw new AppError('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE);
  await refreshReputation(tx, [before.toUserId], now);
  return !before.isVisible;
}

/** Hides or shows a response, in the administrator's transaction; whether it was hidden before. */
export async function setResponseHidden(tx: DbOrTx, id: number, hidden: boolean): Promise<boolean> {
  const before = await setResponseVisible(tx, id, !hidden);
  if (!before) throw new AppError('NOT_FOUND', 'Response not found');
  return !before.isVisible;
}

/** The feedback and responses a member wrote (reports about them, on the admin member page). */
export function writingsOf(db: DbOrTx, memberId: number): Promise<{ feedback: number[]; responses: number[] }> {
  return writtenBy(db, memberId);
}
