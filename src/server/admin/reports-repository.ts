import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportListQuery } from '../../domain/admin';
import type { ReportStatus } from '../../domain/enums';
import type { DbOrTx } from '../db/client';
import { feedbackReports, users, type FeedbackReport } from '../db/schema';

// The club's one report table (feedback_reports: feedback, responses, forum posts and
// replies), as the admin room reviews it. Members' features write new reports; this room
// owns their review: status, the deciding admin, notes and time.

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

/** Which report rows name an item of some kind: the kinds build these (report-kinds.ts). */
export const reportColumns = {
  feedback: (ids: number[]) => and(inArray(feedbackReports.feedbackId, ids), isNull(feedbackReports.responseId)),
  response: (ids: number[]) => inArray(feedbackReports.responseId, ids),
  post: (ids: number[]) => inArray(feedbackReports.postId, ids),
  reply: (ids: number[]) => inArray(feedbackReports.replyId, ids),
} satisfies Record<string, (ids: number[]) => SQL | undefined>;

function selectReports(db: DbOrTx) {
  return db
    .select({
      report: feedbackReports,
      reporterFirstName: reporter.firstName,
      reporterLastName: reporter.lastName,
      resolverFirstName: resolver.firstName,
      resolverLastName: resolver.lastName,
    })
    .from(feedbackReports)
    .innerJoin(reporter, eq(reporter.id, feedbackReports.reportedByUserId))
    .leftJoin(resolver, eq(resolver.id, feedbackReports.adminUserId));
}

/** One page of reports: of one status oldest first (a queue), or all of them newest first. */
export async function reportPage(db: DbOrTx, query: ReportListQuery) {
  const where = query.status === undefined ? undefined : eq(feedbackReports.status, query.status);
  // Pending reports are a queue: the one waiting longest comes first.
  const order =
    query.status === 'pending'
      ? [asc(feedbackReports.createdAt), asc(feedbackReports.id)]
      : [desc(feedbackReports.createdAt), desc(feedbackReports.id)];
  const [rows, [counted]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedbackReports)
      .where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Reports matching any of the conditions, newest first (reports about one member's writing). */
export async function reportsMatching(db: DbOrTx, conditions: (SQL | undefined)[], limit: number) {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  if (present.length === 0) return [];
  return selectReports(db)
    .where(or(...present))
    .orderBy(desc(feedbackReports.createdAt), desc(feedbackReports.id))
    .limit(limit);
}

export type ReportWithNames = Awaited<ReturnType<typeof reportPage>>['rows'][number];

export async function reportWithNames(db: DbOrTx, id: number): Promise<ReportWithNames | null> {
  const [row] = await selectReports(db).where(eq(feedbackReports.id, id));
  return row ?? null;
}

/** The report, locked for the rest of the transaction; null when there is none. */
export async function lockReport(tx: DbOrTx, id: number): Promise<FeedbackReport | null> {
  const [row] = await tx.select().from(feedbackReports).where(eq(feedbackReports.id, id)).for('no key update');
  return row ?? null;
}

/** The pending reports of the same item (matched by its kind's condition), locked. */
export function lockPendingReports(tx: DbOrTx, sameItem: SQL | undefined): Promise<FeedbackReport[]> {
  return tx
    .select()
    .from(feedbackReports)
    .where(and(eq(feedbackReports.status, 'pending'), sameItem))
    .orderBy(asc(feedbackReports.id))
    .for('no key update');
}

export async function closeReports(
  tx: DbOrTx,
  ids: number[],
  decision: { status: ReportStatus; adminId: number; notes: string | null; at: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(feedbackReports)
    .set({
      status: decision.status,
      adminUserId: decision.adminId,
      adminNotes: decision.notes,
      resolvedAt: decision.at,
    })
    .where(inArray(feedbackReports.id, ids));
}

export async function countPendingReports(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feedbackReports)
    .where(eq(feedbackReports.status, 'pending'));
  return Number(row?.n ?? 0);
}

/** Locks the reporting member's row: their reports are counted one at a time. */
export async function lockReporter(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for('no key update');
}

/** How many reports the member has made since the moment (feedback_reports_reporter_created_at_idx). */
export async function reportsMadeSince(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feedbackReports)
    .where(and(eq(feedbackReports.reportedByUserId, memberId), gte(feedbackReports.createdAt, since)));
  return Number(row?.n ?? 0);
}
