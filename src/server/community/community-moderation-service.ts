import { eq } from 'drizzle-orm';
import { communityPostPath, communityReplyPath, type CommunityPostView } from '../../domain/community';
import { change as changeOf } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { communityPosts } from '../db/schema';
import { commitWithNotices, recordNotice, type NoticeDeps, type Outbox } from '../notices/notices';
import { tellAuthor, type ModeratedWriting } from '../notices/moderation-notice';
import { POST_TARGET, REPLY_TARGET, setActivityPublic } from './community-activity-repository';
import { forumWritingIdsOf, forumWritings, setHiddenAt } from './community-moderation-repository';
import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from './community-refusals';
import { adjustReplyCount } from './community-replies-repository';
import { lockPost, postRow, type Viewer } from './community-repository';
import { communityEvent, toPostView } from './community-views';

// Moderation (docs/product/community.md#moderation): an admin's removal logged, pins and
// locks, and hiding or showing a post or reply; with what the admin reports tab
// (admin/report-kinds.ts) reads of the forum.

/**
 * An admin removing or editing someone else's post or reply is a moderation decision, so it
 * has its line in the admin activity log, in the same transaction (delete_post, edit_reply…;
 * docs/product/community.md#moderation). Members changing their own words (admins too) log
 * nothing. The title stays in the line because a post without replies is gone afterwards. A
 * removal is also told to its author, kindly (decision 0027).
 */
export async function logModeration(
  tx: DbOrTx,
  outbox: Outbox,
  admin: Viewer,
  verb: 'delete' | 'edit',
  item: {
    target: `post:${number}` | `reply:${number}`;
    authorId: number | null;
    post: string;
    postId?: number;
    /** The administrator's note to the author (a removal's). */
    note?: string | null;
  },
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  // ownPost and ownReply let only the author or an admin this far.
  if (item.authorId === admin.id) return;
  const isPost = item.target.startsWith('post:');
  await recordNotice(tx, outbox, {
    at,
    adminAction: {
      adminId: admin.id,
      action: `${verb}_${isPost ? 'post' : 'reply'}`,
      target: item.target,
      details: { post: item.post, authorId: item.authorId, ...(item.note ? { note: item.note } : {}), ...extra },
    },
  });
  if (verb !== 'delete') return;
  await tellAuthor(
    tx,
    outbox,
    {
      authorId: item.authorId,
      what: isPost ? `your post "${item.post}"` : `your reply in "${item.post}"`,
      link: {
        path: isPost || item.postId === undefined ? '/community' : communityPostPath(item.postId),
        label: 'Go to the community',
      },
      forum: true,
    },
    { what: 'removed', note: item.note ?? null, adminId: admin.id, at },
  );
}

export async function setPostFlag(
  deps: NoticeDeps,
  admin: Viewer,
  postId: number,
  change: { isPinned: boolean } | { isLocked: boolean },
  now = new Date(),
): Promise<CommunityPostView> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const post = await lockPost(tx, postId);
    if (!post || post.deletedAt !== null) throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
    // Asking for what already is changes and logs nothing (as every admin change, decision 0014).
    const [field, to] =
      'isPinned' in change ? (['isPinned', change.isPinned] as const) : (['isLocked', change.isLocked] as const);
    if (post[field] === to) return;
    await tx.update(communityPosts).set(change).where(eq(communityPosts.id, postId));
    // An admin call: its line in the admin activity log, in the same transaction (docs/product/community.md#moderation).
    await recordNotice(tx, outbox, {
      at: now,
      adminAction: {
        adminId: admin.id,
        action: field === 'isPinned' ? 'pin_post' : 'lock_post',
        target: `post:${postId}`,
        details: { post: post.title, [field]: changeOf(post[field], to) },
      },
    });
    outbox.events.push(communityEvent(postId));
  });
  return toPostView((await postRow(deps.db, admin, postId))!);
}

// ---------------------------------------------------------------------------------------
// Flags and hiding (the admin reports tab hides and restores through setForumItemHidden)

/**
 * Hides or shows a post or reply in the caller's transaction: replyCount and the activity feed
 * follow. Answers whether it was hidden before; 404 when it is gone.
 */
export async function setForumItemHidden(
  tx: DbOrTx,
  kind: 'post' | 'reply',
  id: number,
  hidden: boolean,
  now = new Date(),
): Promise<boolean> {
  const before = await setHiddenAt(tx, kind, id, hidden ? now : null);
  if (!before) throw new AppError('NOT_FOUND', kind === 'post' ? POST_NOT_FOUND_MESSAGE : REPLY_NOT_FOUND_MESSAGE);
  if (before.wasHidden !== hidden) {
    if (kind === 'reply' && !before.deleted) await adjustReplyCount(tx, before.postId, hidden ? -1 : 1);
    if (!before.deleted)
      await setActivityPublic(tx, { type: kind === 'post' ? POST_TARGET : REPLY_TARGET, id }, !hidden);
  }
  return before.wasHidden;
}

// ---------------------------------------------------------------------------------------
// For the admin reports tab (report-kinds.ts)

export type ReportedForumWriting = {
  text: string;
  author: { id: number; firstName: string | null; lastName: string | null } | null;
  hidden: boolean;
  /** Where it stands and how its author hears of a decision (its link: the post, the reply in view). */
  notice: ModeratedWriting;
};

/** Posts or replies by id, for the reports tab (one query for the whole page). */
export async function reportedForumWriting(
  db: DbOrTx,
  kind: 'post' | 'reply',
  ids: number[],
): Promise<Map<number, ReportedForumWriting>> {
  const rows = await forumWritings(db, kind, ids);
  return new Map(rows.map((r) => [r.id, { ...forumWritingView(kind, r), text: r.text, hidden: r.hidden }]));
}

function forumWritingView(
  kind: 'post' | 'reply',
  r: {
    id: number;
    userId: number | null;
    firstName: string | null;
    lastName: string | null;
    postId: number;
    postTitle: string;
  },
): Pick<ReportedForumWriting, 'author' | 'notice'> {
  return {
    author: r.userId === null ? null : { id: r.userId, firstName: r.firstName, lastName: r.lastName },
    notice: {
      authorId: r.userId,
      what: kind === 'post' ? `your post "${r.postTitle}"` : `your reply in "${r.postTitle}"`,
      link: {
        path: kind === 'post' ? communityPostPath(r.postId) : communityReplyPath(r.postId, r.id),
        label: kind === 'post' ? 'Go to the post' : 'Go to the reply',
      },
      forum: true,
    },
  };
}

export const forumWritingOf = forumWritingIdsOf;
