import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../db/client';
import { communityPosts, communityReplies, type CommunityReply } from '../db/schema';
import { queryFixedPlan } from '../db/prepared-statements';
import type { Viewer } from './community-repository';

// A post's replies (docs/product/community.md#replies): reading them in one statement, adding
// one with its post's count, and the count kept when one is removed, hidden or shown again.

export type ReplyRow = {
  id: number;
  post_id: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  content: string;
  parent_reply_id: number | null;
  parent_user_id: number | null;
  parent_first_name: string | null;
  parent_last_name: string | null;
  parent_exists: boolean;
  like_count: number;
  liked_by_me: boolean;
  is_edited: boolean;
  deleted_at: Date | string | null;
  removed_by_team: boolean;
  hidden_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * A post's replies, oldest first, with their authors, the parent's author and the viewer's
 * likes: one range of the (post_id, id) index, prepared on PostgreSQL. None when the post is
 * not there or hidden from the viewer (postVisible tells that from a post without replies).
 */
export async function replyRows(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  postId: number,
  /** Only this reply (the answer to posting or editing one), not all 100. */
  onlyReplyId?: number,
): Promise<ReplyRow[]> {
  return queryFixedPlan<ReplyRow>(
    db,
    pool,
    sql`SELECT x.id, x.post_id, x.user_id, u.first_name, u.last_name, x.content, x.parent_reply_id,
               pr.user_id AS parent_user_id, pu.first_name AS parent_first_name, pu.last_name AS parent_last_name,
               (pr.id IS NOT NULL) AS parent_exists,
               x.like_count, x.is_edited, x.deleted_at, x.removed_by_team, x.hidden_at, x.created_at, x.updated_at,
               EXISTS (SELECT 1 FROM community_likes k WHERE k.reply_id = x.id AND k.user_id = ${viewer.id}) AS liked_by_me
          FROM community_replies x
          LEFT JOIN users u ON u.id = x.user_id
          LEFT JOIN community_replies pr ON pr.id = x.parent_reply_id
          LEFT JOIN users pu ON pu.id = pr.user_id
         WHERE x.post_id = ${postId} ${onlyReplyId === undefined ? sql`` : sql`AND x.id = ${onlyReplyId}`}
           AND EXISTS (SELECT 1 FROM community_posts p WHERE p.id = ${postId}
                        ${viewer.isAdmin ? sql`` : sql`AND p.hidden_at IS NULL`})
           ${viewer.isAdmin ? sql`` : sql`AND x.hidden_at IS NULL`}
         ORDER BY x.id`,
  );
}

/** Whether the post is there for the viewer (hidden ones only for admins). */
export async function postVisible(db: DbOrTx, viewer: Viewer, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ hiddenAt: communityPosts.hiddenAt })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  return row !== undefined && (row.hiddenAt === null || viewer.isAdmin);
}

/** Adds a reply and raises its post's count and last activity, in the caller's transaction. */
export async function insertReply(
  tx: DbOrTx,
  values: { postId: number; userId: number; content: string; parentReplyId: number | null; at: Date },
): Promise<CommunityReply> {
  const [reply] = await tx
    .insert(communityReplies)
    .values({ ...values, createdAt: values.at, updatedAt: values.at })
    .returning();
  await tx
    .update(communityPosts)
    .set({ replyCount: sql`${communityPosts.replyCount} + 1`, lastActivityAt: values.at })
    .where(eq(communityPosts.id, values.postId));
  return reply!;
}

/** Moves a post's replyCount by `delta` (a reply removed, hidden or shown again). */
export async function adjustReplyCount(tx: DbOrTx, postId: number, delta: number): Promise<void> {
  await tx
    .update(communityPosts)
    .set({ replyCount: sql`${communityPosts.replyCount} + ${delta}` })
    .where(eq(communityPosts.id, postId));
}

/** Whether the post has any reply at all (removed or hidden ones included). */
export async function hasReplies(db: DbOrTx, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: communityReplies.id })
    .from(communityReplies)
    .where(eq(communityReplies.postId, postId))
    .limit(1);
  return row !== undefined;
}
