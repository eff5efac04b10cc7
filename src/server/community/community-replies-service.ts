import { eq } from 'drizzle-orm';
import type pg from 'pg';
import {
  communityReplyPath,
  PARENT_REPLY_MESSAGE,
  POST_LOCKED_MESSAGE,
  POST_REMOVED_MESSAGE,
  type CommunityReplyView,
  type ReplyBody,
  type UpdateReplyBody,
} from '../../domain/community';
import { AppError } from '../../domain/errors';
import { memberDisplayName } from '../../domain/members';
import type { DbOrTx } from '../db/client';
import { communityPosts, communityReplies } from '../db/schema';
import { commitWithNotices, recordNotice, type Outbox } from '../notices/notices';
import { addActivity } from './community-activity-service';
import { REPLY_TARGET, setActivityPublic } from './community-activity-repository';
import { logModeration } from './community-moderation-service';
import type { CommunityDeps } from './community-posts-service';
import { NOT_YOUR_REPLY_MESSAGE, POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from './community-refusals';
import { adjustReplyCount, insertReply, postVisible, replyRows } from './community-replies-repository';
import { findReply, lockPost, lockReply, markRead, memberContact, type Viewer } from './community-repository';
import { communityEvent, toReplyView, viewerOf } from './community-views';
import { truncate } from '../../domain/sentences';

/** A reply quoted in the notice to the member it answers: its first 140 characters. */
const EXCERPT_MAX = 140;

// Replies (docs/product/community.md#replies): reading a post's replies, answering a post or a
// reply (its authors are told), editing and removing one.

export async function listReplies(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  postId: number,
): Promise<CommunityReplyView[]> {
  const rows = await replyRows(db, pool, viewerOf(viewer), postId);
  // No rows: a post without replies, or none to see (404).
  if (rows.length === 0 && !(await postVisible(db, viewerOf(viewer), postId)))
    throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
  // A removed reply keeps its place only while a reply that is shown answers it.
  const answered = new Set(rows.filter((r) => r.deleted_at === null).map((r) => r.parent_reply_id));
  return rows.filter((r) => r.deleted_at === null || answered.has(r.id)).map(toReplyView);
}

/** Tells the authors of the post and of the reply answered (not the replier, nobody twice). */
async function noticeReply(
  tx: DbOrTx,
  outbox: Outbox,
  post: { id: number; userId: number | null; title: string },
  reply: { id: number; content: string; parentAuthorId: number | null },
  replierName: string,
  replierId: number,
  at: Date,
): Promise<void> {
  const link = { path: communityReplyPath(post.id, reply.id), label: 'Read the reply' };
  const told = new Set<number>([replierId]);
  const notifications = [];
  for (const [whoId, about] of [
    [post.userId, 'post'],
    [reply.parentAuthorId, 'reply'],
  ] as const) {
    if (whoId === null || told.has(whoId)) continue;
    told.add(whoId);
    const who = await memberContact(tx, whoId);
    if (!who) continue;
    notifications.push({
      member: { id: who.id, email: who.email },
      tradeRequestId: null,
      type: 'forum_reply',
      title: about === 'post' ? `${replierName} replied to your post` : `${replierName} replied to you`,
      message:
        about === 'post'
          ? `${replierName} replied to your post "${post.title}": "${truncate(reply.content, EXCERPT_MAX)}"`
          : `${replierName} answered what you wrote in "${post.title}": "${truncate(reply.content, EXCERPT_MAX)}"`,
      link,
      email: who.forumEmailNow,
    });
  }
  if (notifications.length > 0) await recordNotice(tx, outbox, { at, notifications });
}

export async function createReply(
  deps: CommunityDeps,
  author: Viewer & { firstName: string | null; lastName: string | null },
  postId: number,
  body: ReplyBody,
  now = new Date(),
): Promise<CommunityReplyView> {
  const replyId = await commitWithNotices(deps, async (tx, outbox) => {
    const post = await lockPost(tx, postId);
    if (!post || (post.hiddenAt !== null && !author.isAdmin)) throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
    if (post.deletedAt !== null) throw new AppError('CONFLICT', POST_REMOVED_MESSAGE);
    if (post.isLocked) throw new AppError('CONFLICT', POST_LOCKED_MESSAGE);
    let parentAuthorId: number | null = null;
    const parentReplyId = body.parentReplyId ?? null;
    if (parentReplyId !== null) {
      const parent = await findReply(tx, parentReplyId);
      if (!parent || parent.postId !== postId || (parent.hiddenAt !== null && !author.isAdmin)) {
        throw new AppError('VALIDATION', PARENT_REPLY_MESSAGE, [
          { path: 'parentReplyId', message: PARENT_REPLY_MESSAGE },
        ]);
      }
      parentAuthorId = parent.deletedAt === null ? parent.userId : null;
    }
    const reply = await insertReply(tx, { postId, userId: author.id, content: body.content, parentReplyId, at: now });
    await addActivity(tx, {
      userId: author.id,
      type: 'reply_posted',
      target: { type: REPLY_TARGET, id: reply.id },
      description: `Replied to "${post.title}"`,
      at: now,
    });
    // The replier has read the post up to their own reply.
    await markRead(tx, author.id, postId, reply.id, now);
    await noticeReply(
      tx,
      outbox,
      post,
      { id: reply.id, content: body.content, parentAuthorId },
      memberDisplayName(author.firstName, author.lastName),
      author.id,
      now,
    );
    outbox.events.push(communityEvent(postId));
    return reply.id;
  });
  return oneReply(deps.db, author, postId, replyId);
}

async function oneReply(db: DbOrTx, viewer: Viewer, postId: number, replyId: number): Promise<CommunityReplyView> {
  const [row] = await replyRows(db, undefined, viewerOf(viewer), postId, replyId);
  if (!row) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
  return toReplyView(row);
}

/** Whether the reply's post is hidden from the member: its replies then do not exist for them either. */
export async function inHiddenPost(tx: DbOrTx, member: Viewer, postId: number): Promise<boolean> {
  if (member.isAdmin) return false;
  const [post] = await tx
    .select({ hiddenAt: communityPosts.hiddenAt })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  return Boolean(post?.hiddenAt);
}

async function ownReply(tx: DbOrTx, member: Viewer, replyId: number) {
  const reply = await lockReply(tx, replyId);
  if (!reply || reply.deletedAt !== null || (reply.hiddenAt !== null && !member.isAdmin)) {
    throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
  }
  if (await inHiddenPost(tx, member, reply.postId)) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
  if (reply.userId !== member.id && !member.isAdmin) throw new AppError('FORBIDDEN', NOT_YOUR_REPLY_MESSAGE);
  return reply;
}

export async function updateReply(
  deps: CommunityDeps,
  member: Viewer,
  replyId: number,
  body: UpdateReplyBody,
  now = new Date(),
): Promise<CommunityReplyView> {
  const postId = await commitWithNotices(deps, async (tx, outbox) => {
    const reply = await ownReply(tx, member, replyId);
    await tx
      .update(communityReplies)
      .set({ content: body.content, isEdited: true, updatedAt: now })
      .where(eq(communityReplies.id, replyId));
    if (reply.userId !== member.id) await logModeration(tx, outbox, member, 'edit', await replyItem(tx, reply), now);
    outbox.events.push(communityEvent(reply.postId));
    return reply.postId;
  });
  return oneReply(deps.db, member, postId, replyId);
}

/** A reply as the admin log names it: with its post's title. */
async function replyItem(tx: DbOrTx, reply: { id: number; postId: number; userId: number | null }) {
  const [post] = await tx
    .select({ title: communityPosts.title })
    .from(communityPosts)
    .where(eq(communityPosts.id, reply.postId));
  return { target: `reply:${reply.id}` as const, authorId: reply.userId, post: post!.title, postId: reply.postId };
}

/**
 * The reply keeps its place as 'This reply was removed by its author' (or 'by the club team')
 * while others answer it.
 */
export async function deleteReply(
  deps: CommunityDeps,
  member: Viewer,
  replyId: number,
  now = new Date(),
  /** An administrator's note to the author. */
  note: string | null = null,
): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const reply = await ownReply(tx, member, replyId);
    const byTeam = reply.userId !== member.id;
    if (byTeam) await logModeration(tx, outbox, member, 'delete', { ...(await replyItem(tx, reply)), note }, now);
    await tx
      .update(communityReplies)
      .set({ deletedAt: now, removedByTeam: byTeam, updatedAt: now })
      .where(eq(communityReplies.id, replyId));
    if (reply.hiddenAt === null) await adjustReplyCount(tx, reply.postId, -1);
    await setActivityPublic(tx, { type: REPLY_TARGET, id: replyId }, false);
    outbox.events.push(communityEvent(reply.postId));
  });
}
