import { eq, sql } from 'drizzle-orm';
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
};

export async function forumWritings(db: DbOrTx, kind: 'post' | 'reply', ids: number[]): Promise<ForumWriting[]> {
  if (ids.length === 0) return [];
  const table = kind === 'post' ? communityPosts : communityReplies;
  const text =
    kind === 'post'
      ? sql<string>`${communityPosts.title} || E'\\n\\n' || ${communityPosts.content}`
      : sql<string>`${communityReplies.content}`;
  return db
    .select({
      id: table.id,
      text,
      userId: table.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      hidden: sql<boolean>`${table.hiddenAt} IS NOT NULL`,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.userId))
    .where(
      sql`${table.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
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
