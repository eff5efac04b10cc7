import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FEEDBACK_VISIBLE_AFTER_MS } from '../../domain/constants';
import type { DbOrTx } from '../db/client';
import {
  feedbackReports,
  feedbackResponses,
  puzzleListings,
  tradeRequests,
  tradingFeedback,
  users,
  type NewFeedbackReport,
} from '../db/schema';

// Feedback rows as SQL. "Visible" is the rule of docs/product/trades.md#feedback, written once here in SQL and once in
// the domain (isFeedbackVisible), and the same as the dashboard's rating (stats-repository):
// not hidden by an admin, and either both parties have rated or the trade completed at least
// 14 days ago.

const author = alias(users, 'author');

export function visibleSql(now: Date): SQL<boolean> {
  const visibleFrom = new Date(now.getTime() - FEEDBACK_VISIBLE_AFTER_MS);
  return sql<boolean>`(${tradingFeedback.isVisible} AND (
    EXISTS (SELECT 1 FROM ${tradingFeedback} b
             WHERE b.trade_request_id = ${tradingFeedback.tradeRequestId}
               AND b.from_user_id = ${tradingFeedback.toUserId})
    OR ${tradeRequests.completedAt} <= ${visibleFrom.toISOString()}::timestamptz))`;
}

function selectFeedback(db: DbOrTx, now: Date) {
  return db
    .select({
      feedback: tradingFeedback,
      visible: visibleSql(now),
      completedAt: tradeRequests.completedAt,
      puzzleTitle: puzzleListings.title,
      fromFirstName: author.firstName,
      fromLastName: author.lastName,
      response: {
        id: feedbackResponses.id,
        responseText: feedbackResponses.responseText,
        isVisible: feedbackResponses.isVisible,
        createdAt: feedbackResponses.createdAt,
      },
    })
    .from(tradingFeedback)
    .innerJoin(tradeRequests, eq(tradeRequests.id, tradingFeedback.tradeRequestId))
    .innerJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
    .innerJoin(author, eq(author.id, tradingFeedback.fromUserId))
    .leftJoin(feedbackResponses, eq(feedbackResponses.feedbackId, tradingFeedback.id));
}

export type FeedbackRow = Awaited<ReturnType<typeof feedbackForTrade>>[number];

export function feedbackForTrade(db: DbOrTx, tradeId: number, now: Date) {
  return selectFeedback(db, now).where(eq(tradingFeedback.tradeRequestId, tradeId));
}

export async function feedbackById(db: DbOrTx, id: number, now: Date): Promise<FeedbackRow | null> {
  const [row] = await selectFeedback(db, now).where(eq(tradingFeedback.id, id));
  return row ?? null;
}

/** What others may read about a member: the visible feedback they received, newest first. */
export function visibleFeedbackReceived(db: DbOrTx, memberId: number, now: Date, limit: number) {
  return selectFeedback(db, now)
    .where(and(eq(tradingFeedback.toUserId, memberId), visibleSql(now)))
    .orderBy(desc(tradingFeedback.createdAt), desc(tradingFeedback.id))
    .limit(limit);
}

/**
 * Locks one feedback row (SELECT … FOR NO KEY UPDATE) for the rest of the transaction: reports of it
 * (and of its response) are checked and written one at a time. A missing row locks nothing.
 */
export async function lockFeedback(db: DbOrTx, id: number): Promise<void> {
  await db
    .select({ id: tradingFeedback.id })
    .from(tradingFeedback)
    .where(eq(tradingFeedback.id, id))
    .for('no key update');
}

export async function insertFeedback(db: DbOrTx, values: typeof tradingFeedback.$inferInsert) {
  const [row] = await db.insert(tradingFeedback).values(values).returning();
  return row!;
}

export async function insertResponse(db: DbOrTx, feedbackId: number, responseText: string, now: Date) {
  const [row] = await db
    .insert(feedbackResponses)
    .values({ feedbackId, responseText, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function hasPendingReport(
  db: DbOrTx,
  memberId: number,
  target: { feedbackId: number } | { responseId: number },
): Promise<boolean> {
  const targetWhere =
    'feedbackId' in target
      ? and(eq(feedbackReports.feedbackId, target.feedbackId), sql`${feedbackReports.responseId} IS NULL`)
      : eq(feedbackReports.responseId, target.responseId);
  const rows = await db
    .select({ id: feedbackReports.id })
    .from(feedbackReports)
    .where(and(eq(feedbackReports.reportedByUserId, memberId), eq(feedbackReports.status, 'pending'), targetWhere))
    .limit(1);
  return rows.length > 0;
}

export async function insertReport(db: DbOrTx, values: NewFeedbackReport) {
  const [row] = await db.insert(feedbackReports).values(values).returning();
  if (values.responseId) {
    await db.update(feedbackResponses).set({ isReported: true }).where(eq(feedbackResponses.id, values.responseId));
  } else if (values.feedbackId) {
    await db.update(tradingFeedback).set({ isReported: true }).where(eq(tradingFeedback.id, values.feedbackId));
  }
  return row!;
}

/**
 * users.trading_reputation is a cache of the rating the dashboard computes on read: the
 * average of visible feedback received, to one decimal, 0 when none ('New Member').
 */
export async function refreshReputation(db: DbOrTx, memberIds: number[], now: Date): Promise<void> {
  if (memberIds.length === 0) return;
  const visibleFrom = new Date(now.getTime() - FEEDBACK_VISIBLE_AFTER_MS).toISOString();
  await db
    .update(users)
    .set({
      tradingReputation: sql`coalesce((
        SELECT round(avg(f.rating), 1)::float8
          FROM trading_feedback f
          JOIN trade_requests t ON t.id = f.trade_request_id
         WHERE f.to_user_id = ${users.id}
           AND f.is_visible
           AND (EXISTS (SELECT 1 FROM trading_feedback b
                         WHERE b.trade_request_id = f.trade_request_id AND b.from_user_id = f.to_user_id)
                OR t.completed_at <= ${visibleFrom}::timestamptz)), 0)`,
    })
    .where(inArray(users.id, memberIds));
}

/**
 * Members whose received feedback turned visible by time in the last `windowMs` (its trade
 * passed 14 days since completion): the sweeper refreshes their cached rating.
 */
export async function membersWithFeedbackTurningVisible(db: DbOrTx, now: Date, windowMs: number): Promise<number[]> {
  const until = new Date(now.getTime() - FEEDBACK_VISIBLE_AFTER_MS);
  const since = new Date(until.getTime() - windowMs);
  const rows = await db
    .selectDistinct({ id: tradingFeedback.toUserId })
    .from(tradingFeedback)
    .innerJoin(tradeRequests, eq(tradeRequests.id, tradingFeedback.tradeRequestId))
    .where(sql`${tradeRequests.completedAt} > ${since.toISOString()}::timestamptz
      AND ${tradeRequests.completedAt} <= ${until.toISOString()}::timestamptz`);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------
// For the admin panel's reports (through feedback-service.ts)

export type ReportedRow = {
  id: number;
  text: string;
  authorId: number;
  authorFirstName: string | null;
  authorLastName: string | null;
  isVisible: boolean;
  /** The member the feedback is about: it shows on their page. */
  ratedUserId: number;
};

/** Feedback by id: its words, its author (the member who rated) and whether members see it. */
export function feedbackTexts(db: DbOrTx, ids: number[]): Promise<ReportedRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: tradingFeedback.id,
      text: tradingFeedback.comment,
      authorId: tradingFeedback.fromUserId,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      isVisible: tradingFeedback.isVisible,
      ratedUserId: tradingFeedback.toUserId,
    })
    .from(tradingFeedback)
    .innerJoin(author, eq(author.id, tradingFeedback.fromUserId))
    .where(inArray(tradingFeedback.id, ids));
}

/** Responses by id: their words, their author (the member who was rated) and whether members see them. */
export function responseTexts(db: DbOrTx, ids: number[]): Promise<ReportedRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: feedbackResponses.id,
      text: feedbackResponses.responseText,
      authorId: tradingFeedback.toUserId,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      isVisible: feedbackResponses.isVisible,
      ratedUserId: tradingFeedback.toUserId,
    })
    .from(feedbackResponses)
    .innerJoin(tradingFeedback, eq(tradingFeedback.id, feedbackResponses.feedbackId))
    .innerJoin(author, eq(author.id, tradingFeedback.toUserId))
    .where(inArray(feedbackResponses.id, ids));
}

/** Shows or hides one piece of feedback (marked reviewed); its old row, or null. */
export async function setFeedbackVisible(db: DbOrTx, id: number, visible: boolean) {
  const [before] = await db.select().from(tradingFeedback).where(eq(tradingFeedback.id, id)).for('no key update');
  if (!before) return null;
  await db.update(tradingFeedback).set({ isVisible: visible, adminReviewed: true }).where(eq(tradingFeedback.id, id));
  return before;
}

/** Shows or hides one response (marked reviewed); its old row, or null. */
export async function setResponseVisible(db: DbOrTx, id: number, visible: boolean) {
  const [before] = await db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id)).for('no key update');
  if (!before) return null;
  await db
    .update(feedbackResponses)
    .set({ isVisible: visible, adminReviewed: true })
    .where(eq(feedbackResponses.id, id));
  return before;
}

/** The ids of the feedback a member wrote, and of the responses they wrote to feedback they received. */
export async function writtenBy(db: DbOrTx, memberId: number): Promise<{ feedback: number[]; responses: number[] }> {
  const [given, answered] = await Promise.all([
    db.select({ id: tradingFeedback.id }).from(tradingFeedback).where(eq(tradingFeedback.fromUserId, memberId)),
    db
      .select({ id: feedbackResponses.id })
      .from(feedbackResponses)
      .innerJoin(tradingFeedback, eq(tradingFeedback.id, feedbackResponses.feedbackId))
      .where(eq(tradingFeedback.toUserId, memberId)),
  ]);
  return { feedback: given.map((r) => r.id), responses: answered.map((r) => r.id) };
}
