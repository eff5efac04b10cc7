import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { feedbackReports, users } from '../db/schema';
import type { LikeTarget } from './community-likes-repository';

// Members' flags on posts and replies: rows of feedback_reports naming a post or a reply
// (docs/product/community.md#hiding-at-three-reports).

/** Adds the member's flag; false when they had already flagged it (one per member per item). */
export async function insertFlag(
  tx: DbOrTx,
  values: { reportedByUserId: number; postId?: number; replyId?: number; reason: string; details: string | null },
): Promise<boolean> {
  const rows = await tx
    .insert(feedbackReports)
    .values({
      reportedByUserId: values.reportedByUserId,
      postId: values.postId ?? null,
      replyId: values.replyId ?? null,
      reportReason: values.reason as (typeof feedbackReports.$inferInsert)['reportReason'],
      reportDetails: values.details,
    })
    .onConflictDoNothing()
    .returning({ id: feedbackReports.id });
  return rows.length > 0;
}

/**
 * How many different settled members have a pending flag on the item: members who have
 * completed a trade or joined before `joinedBefore` (decision 0027). Newer members' flags wait
 * for the club team and count for nothing here.
 */
export async function settledFlagCount(tx: DbOrTx, target: LikeTarget, joinedBefore: Date): Promise<number> {
  const column = 'postId' in target ? feedbackReports.postId : feedbackReports.replyId;
  const id = 'postId' in target ? target.postId : target.replyId;
  const [row] = await tx
    .select({ n: sql<number>`count(DISTINCT ${feedbackReports.reportedByUserId})::int` })
    .from(feedbackReports)
    .innerJoin(users, eq(users.id, feedbackReports.reportedByUserId))
    .where(
      and(
        eq(column, id),
        eq(feedbackReports.status, 'pending'),
        or(gt(users.completedTrades, 0), lte(users.joinedAt, joinedBefore)),
      ),
    );
  return Number(row?.n ?? 0);
}
