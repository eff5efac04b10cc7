import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { communityPosts, communityReplies, users } from '../db/schema';
import { lockPost, lockReply } from './community-repository';

// Posts and replies for the admin reports tab (docs/product/administration.md#reports): what
// was written and by whom, a member's writings, and hiding or showing one.

export type ForumWriting = {
  id: number;
  text: string;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  hidden: boolean;
  postId: number;
  postTitle: string;
};

export async function forumWritings(db: DbOrTx, kind: 'post' | 'reply', ids: number[]): Promise<ForumWriting[]> {
  if (ids.length === 0) return [];
  if (kind === 'post') {
    return db
      .select({
        id: communityPosts.id,
        text: sql<string>`${communityPosts.title} || E'\\n\\n' || ${communityPosts.content}`,
        userId: communityPosts.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        hidden: sql<boolean>`${communityPosts.hiddenAt} IS NOT NULL`,
        postId: communityPosts.id,
        postTitle: communityPosts.title,
      })
      .from(communityPosts)
      .leftJoin(users, eq(users.id, communityPosts.userId))
      .where(inArray(communityPosts.id, ids));
  }
  // A reply's post gives its place (the link) and its title (the author's notice).
  return db
    .select({
      id: communityReplies.id,
      text: communityReplies.content,
      userId: communityReplies.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      hidden: sql<boolean>`${communityReplies.hiddenAt} IS NOT NULL`,
      postId: communityPosts.id,
      postTitle: communityPosts.title,
    })
    .from(communityReplies)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
    .leftJoin(users, eq(users.id, communityReplies.userId))
    .where(inArray(communityReplies.id, ids));
}

export async function forumWritingIdsOf(db: DbOrTx, kind: 'post' | 'reply', memberId: number): Promise<number[]> {
  const table = kind === 'post' ? communityPosts : communityReplies;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.userId, memberId));
  return rows.map((r) => r.id);
}

/** Marks the post or reply hidden (or not); answers the row as it was before, null if gone. */
export async function setHiddenAt(
  tx: DbOrTx,
  kind: 'post' | 'reply',
  id: number,
  hiddenAt: Date | null,
): Promise<{ wasHidden: boolean; postId: number; deleted: boolean } | null> {
  if (kind === 'post') {
    const before = await lockPost(tx, id);
    if (!before) return null;
    await tx.update(communityPosts).set({ hiddenAt }).where(eq(communityPosts.id, id));
    return { wasHidden: before.hiddenAt !== null, postId: id, deleted: before.deletedAt !== null };
  }
  const before = await lockReply(tx, id);
  if (!before) return null;
  await tx.update(communityReplies).set({ hiddenAt }).where(eq(communityReplies.id, id));
  return { wasHidden: before.hiddenAt !== null, postId: before.postId, deleted: before.deletedAt !== null };
}
