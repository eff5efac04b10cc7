import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { communityLikes, communityPosts, communityReplies } from '../db/schema';

// Likes on posts and replies (docs/product/community.md#likes): the like row and the item's
// counter change together, under the item's row lock.

export type LikeTarget = { postId: number } | { replyId: number };

/**
 * Toggles the member's like on a post or reply whose row the caller has locked: the like row
 * and the counter change together. Answers the new state and count.
 */
export async function toggleLikeRow(
  tx: DbOrTx,
  memberId: number,
  target: LikeTarget,
): Promise<{ liked: boolean; likeCount: number }> {
  const isPost = 'postId' in target;
  const column = isPost ? communityLikes.postId : communityLikes.replyId;
  const id = isPost ? target.postId : target.replyId;
  const removed = await tx
    .delete(communityLikes)
    .where(and(eq(communityLikes.userId, memberId), eq(column, id)))
    .returning({ id: communityLikes.id });
  const liked = removed.length === 0;
  if (liked) await tx.insert(communityLikes).values({ userId: memberId, ...target });
  const delta = liked ? 1 : -1;
  const table = isPost ? communityPosts : communityReplies;
  const [row] = await tx
    .update(table)
    .set({ likeCount: sql`${table.likeCount} + ${delta}` })
    .where(eq(table.id, id))
    .returning({ likeCount: table.likeCount });
  return { liked, likeCount: row!.likeCount };
}
