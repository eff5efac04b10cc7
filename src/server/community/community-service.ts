import {
  ALREADY_REPORTED_MESSAGE,
  communityPostPath,
  communityReplyPath,
  OWN_LIKE_MESSAGE,
  OWN_REPORT_MESSAGE,
  PARENT_REPLY_MESSAGE,
  POST_LOCKED_MESSAGE,
  POST_REMOVED_MESSAGE,
  REMOVED_POST_BY_TEAM_TEXT,
  REMOVED_POST_TEXT,
  REMOVED_REPLY_BY_TEAM_TEXT,
  REMOVED_REPLY_TEXT,
  REPORT_THANKS_MESSAGE,
  type CommunityActivitiesQuery,
  type CommunityActivityView,
  type CommunityPostDetail,
  type CommunityPostsQuery,
  type CommunityPostView,
  type CommunityReplyView,
  type CreatePostBody,
  type FlagAnswer,
  type FlagBody,
  type LikeAnswer,
  type LikeBody,
  type ReplyBody,
  type UpdatePostBody,
  type UpdateReplyBody,
} from '../../domain/community';
import { change as changeOf } from '../../domain/admin';
import { DAY_MS, REPORT_TRUSTED_AFTER_DAYS } from '../../domain/constants';
import { checkReportAllowance } from '../admin/report-allowance';
import type { ActivityType } from '../../domain/enums';
import { AppError, formatValidationErrors, type FieldError } from '../../domain/errors';
import { FORMER_MEMBER_NAME, memberDisplayName } from '../../domain/members';
import { unlockEarnedAchievements } from '../achievements/achievements-service';
import type { DbOrTx } from '../db/client';
import { communityPosts, communityReplies, userActivities } from '../db/schema';
import { EVERY_MEMBER } from '../events/event-bus';
import { commitWithNotices, recordNotice, type NoticeDeps, type Outbox } from '../notices/notices';
import { tellAuthor, type ModeratedWriting } from '../notices/moderation-notice';
import type { PictureStorage } from '../uploads/storage';
import { isStoredImage } from '../uploads/image-store';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { isoTime } from '../http/iso-time';
import {
  activityPage,
  adjustReplyCount,
  deleteActivity,
  findReply,
  forumWritingIdsOf,
  forumWritings,
  hasReplies,
  insertFlag,
  insertReply,
  lockPost,
  lockReply,
  markRead,
  openPostRow,
  memberContact,
  settledFlagCount,
  POST_TARGET,
  postPage,
  postRow,
  postVisible,
  REPLY_TARGET,
  replyRows,
  setActivityPublic,
  setHiddenAt,
  toggleLikeRow,
  type PostRow,
  type ReplyRow,
  type Viewer,
} from './community-repository';

// The forum (CONTRACT §5): every rule of its calls. Reading needs a member; hidden posts and
// replies exist only for admins (everyone else gets 404, as for something that is not there);
// the author or an admin may edit or remove; admins pin and lock. Everything that tells
// someone (notices, e-mails, live events) goes through commitWithNotices, after the commit.

export const POST_NOT_FOUND_MESSAGE = 'Post not found';
export const REPLY_NOT_FOUND_MESSAGE = 'Reply not found';
export const NOT_YOUR_POST_MESSAGE = 'Only the author or an administrator can change this post.';
export const NOT_YOUR_REPLY_MESSAGE = 'Only the author or an administrator can change this reply.';
export const PHOTO_NOT_UPLOADED_MESSAGE = 'Photo must be a picture uploaded to the club';
/** Different settled members' reports that hide an item at once, until an admin decides (decision 0027). */
export const FLAGS_TO_HIDE = 3;

const nameOf = (userId: number | null, first: string | null, last: string | null) =>
  userId === null ? FORMER_MEMBER_NAME : memberDisplayName(first, last);
const excerpt = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const communityEvent = (postId: number) => ({
  userIds: [EVERY_MEMBER],
  event: { type: 'community' as const, data: { postId } },
});

function toPostView(row: PostRow): CommunityPostView {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    userId: row.user_id,
    userName: nameOf(row.user_id, row.first_name, row.last_name),
    title: deleted ? (row.removed_by_team ? REMOVED_POST_BY_TEAM_TEXT : REMOVED_POST_TEXT) : row.title,
    content: deleted ? '' : row.content,
    category: row.category,
    tags: deleted ? [] : row.tags,
    imageUrls: deleted ? [] : row.image_urls,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    isEdited: row.is_edited,
    isDeleted: deleted,
    isHidden: row.hidden_at !== null,
    viewCount: row.view_count,
    likeCount: row.like_count,
    replyCount: row.reply_count,
    likedByMe: row.liked_by_me,
    ...(row.new_replies === null ? {} : { newReplies: Number(row.new_replies) }),
    lastActivityAt: isoTime(row.last_activity_at),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

function toReplyView(row: ReplyRow): CommunityReplyView {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    userName: nameOf(row.user_id, row.first_name, row.last_name),
    content: deleted ? (row.removed_by_team ? REMOVED_REPLY_BY_TEAM_TEXT : REMOVED_REPLY_TEXT) : row.content,
    parentReplyId: row.parent_reply_id,
    parentUserName: row.parent_exists ? nameOf(row.parent_user_id, row.parent_first_name, row.parent_last_name) : null,
    likeCount: row.like_count,
    likedByMe: row.liked_by_me,
    isEdited: row.is_edited,
    isDeleted: deleted,
    isHidden: row.hidden_at !== null,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

const viewerOf = (member: { id: number; isAdmin: boolean }): Viewer => ({ id: member.id, isAdmin: member.isAdmin });

// ---------------------------------------------------------------------------------------
// Reading

export async function listPosts(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  query: CommunityPostsQuery,
): Promise<CommunityPostView[]> {
  return (await postPage(db, pool, viewerOf(viewer), query)).map(toPostView);
}

/**
 * GET /community/posts/{id}: counts one view per member per day and moves the member's
 * reading position to the newest reply; answers what was new before this visit. One
 * statement (openPostRow): the reads and both writes in a single round trip.
 */
export async function openPost(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  postId: number,
  now = new Date(),
): Promise<CommunityPostDetail> {
  const row = await openPostRow(db, pool, viewerOf(viewer), postId, now);
  if (!row || (row.hidden_at !== null && !viewer.isAdmin)) throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
  return {
    ...toPostView({ ...row, view_count: row.counted_view_count ?? row.view_count }),
    firstNewReplyId: row.last_read_reply_id === null ? null : row.first_new_reply_id,
  };
}

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

export async function listActivities(db: DbOrTx, query: CommunityActivitiesQuery): Promise<CommunityActivityView[]> {
  const rows = await activityPage(db, query.page);
  return rows.map((row) => {
    const isReply = row.target_type === REPLY_TARGET;
    return {
      id: row.id,
      userId: row.user_id,
      userName: nameOf(row.user_id, row.first_name, row.last_name),
      activityType: row.activity_type as ActivityType,
      description: row.description,
      points: row.points,
      targetId: isReply ? row.reply_post_id : row.target_id,
      targetType: isReply ? POST_TARGET : row.target_type,
      createdAt: isoTime(row.created_at),
    };
  });
}

// ---------------------------------------------------------------------------------------
// Writing

export type CommunityDeps = NoticeDeps & { pictures: PictureStorage };

async function checkPhotos(pictures: PictureStorage, urls: string[] | undefined, keep: string[] = []): Promise<void> {
  const errors: FieldError[] = [];
  for (const [i, url] of (urls ?? []).entries()) {
    if (keep.includes(url)) continue;
    if (!(await isStoredImage(pictures, url)))
      errors.push({ path: `imageUrls.${i}`, message: PHOTO_NOT_UPLOADED_MESSAGE });
  }
  if (errors.length > 0) throw new AppError('VALIDATION', formatValidationErrors(errors), errors);
}

async function addActivity(
  tx: DbOrTx,
  values: { userId: number; type: ActivityType; target: { type: string; id: number }; description: string; at: Date },
): Promise<void> {
  await tx.insert(userActivities).values({
    userId: values.userId,
    activityType: values.type,
    targetType: values.target.type,
    targetId: values.target.id,
    description: values.description,
    createdAt: values.at,
  });
}

export async function createPost(
  deps: CommunityDeps,
  author: Viewer,
  body: CreatePostBody,
  now = new Date(),
): Promise<CommunityPostView> {
  await checkPhotos(deps.pictures, body.imageUrls);
  const postId = await commitWithNotices(deps, async (tx, outbox) => {
    const [post] = await tx
      .insert(communityPosts)
      .values({
        userId: author.id,
        title: body.title,
        content: body.content,
        category: body.category,
        tags: body.tags,
        imageUrls: body.imageUrls,
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: communityPosts.id });
    await addActivity(tx, {
      userId: author.id,
      type: 'post_created',
      target: { type: POST_TARGET, id: post!.id },
      description: `Started a discussion: "${body.title}"`,
      at: now,
    });
    await unlockEarnedAchievements(tx, author.id, outbox, now);
    return post!.id;
  });
  return toPostView((await postRow(deps.db, author, postId))!);
}

/** Locks the post and checks the caller may change it (its author or an admin). */
async function ownPost(tx: DbOrTx, member: Viewer, postId: number) {
  const post = await lockPost(tx, postId);
  if (!post || (post.hiddenAt !== null && !member.isAdmin)) throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
  if (post.deletedAt !== null) throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
  if (post.userId !== member.id && !member.isAdmin) throw new AppError('FORBIDDEN', NOT_YOUR_POST_MESSAGE);
  return post;
}

export async function updatePost(
  deps: CommunityDeps,
  member: Viewer,
  postId: number,
  body: UpdatePostBody,
  now = new Date(),
): Promise<CommunityPostView> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const post = await ownPost(tx, member, postId);
    await checkPhotos(deps.pictures, body.imageUrls, post.imageUrls);
    await tx
      .update(communityPosts)
      .set({ ...body, isEdited: true, updatedAt: now })
      .where(eq(communityPosts.id, postId));
    await logModeration(
      tx,
      outbox,
      member,
      'edit',
      { target: `post:${postId}`, authorId: post.userId, post: post.title },
      now,
      {
        changed: Object.keys(body),
      },
    );
    outbox.events.push(communityEvent(postId));
  });
  return toPostView((await postRow(deps.db, member, postId))!);
}

/**
 * The author (or an admin) removes a post. With replies it stays, as 'This post was removed by
 * its author', so the conversation still reads; without, it is gone. Either way it leaves the
 * activity feed.
 */
/**
 * An admin removing or editing someone else's post or reply is a moderation decision, so it
 * has its line in the admin activity log, in the same transaction (delete_post, edit_reply…).
 * Members changing their own words (admins too) log nothing. The title stays in the line
 * because a post without replies is gone afterwards. A removal is also told to its author,
 * kindly (decision 0027).
 */
async function logModeration(
  tx: DbOrTx,
  outbox: Outbox,
  admin: Viewer,
  verb: 'delete' | 'edit',
  item: { target: `post:${number}` | `reply:${number}`; authorId: number | null; post: string; postId?: number },
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
      details: { post: item.post, authorId: item.authorId, ...extra },
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
    { what: 'removed', note: null, adminId: admin.id, at },
  );
}

export async function deletePost(deps: CommunityDeps, member: Viewer, postId: number, now = new Date()): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const post = await ownPost(tx, member, postId);
    const byTeam = post.userId !== member.id;
    const item = { target: `post:${postId}` as const, authorId: post.userId, post: post.title };
    await logModeration(tx, outbox, member, 'delete', item, now);
    if (await hasReplies(tx, postId)) {
      await tx
        .update(communityPosts)
        .set({ deletedAt: now, removedByTeam: byTeam, isPinned: false, updatedAt: now })
        .where(eq(communityPosts.id, postId));
      await setActivityPublic(tx, { type: POST_TARGET, id: postId }, false);
    } else {
      await tx.delete(communityPosts).where(eq(communityPosts.id, postId));
      await deleteActivity(tx, { type: POST_TARGET, id: postId });
    }
    outbox.events.push(communityEvent(postId));
  });
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
          ? `${replierName} replied to your post "${post.title}": "${excerpt(reply.content)}"`
          : `${replierName} answered what you wrote in "${post.title}": "${excerpt(reply.content)}"`,
      link,
      email: who.forumEmails,
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
async function inHiddenPost(tx: DbOrTx, member: Viewer, postId: number): Promise<boolean> {
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
): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const reply = await ownReply(tx, member, replyId);
    const byTeam = reply.userId !== member.id;
    if (byTeam) await logModeration(tx, outbox, member, 'delete', await replyItem(tx, reply), now);
    await tx
      .update(communityReplies)
      .set({ deletedAt: now, removedByTeam: byTeam, updatedAt: now })
      .where(eq(communityReplies.id, replyId));
    if (reply.hiddenAt === null) await adjustReplyCount(tx, reply.postId, -1);
    await setActivityPublic(tx, { type: REPLY_TARGET, id: replyId }, false);
    outbox.events.push(communityEvent(reply.postId));
  });
}

// ---------------------------------------------------------------------------------------
// Likes, pins, locks

export async function toggleLike(
  deps: NoticeDeps,
  member: Viewer,
  body: LikeBody,
  now = new Date(),
): Promise<LikeAnswer> {
  return commitWithNotices(deps, async (tx, outbox) => {
    let authorId: number | null;
    let postId: number;
    if (body.postId !== undefined) {
      const post = await lockPost(tx, body.postId);
      if (!post || post.deletedAt !== null || (post.hiddenAt !== null && !member.isAdmin)) {
        throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
      }
      authorId = post.userId;
      postId = post.id;
    } else {
      const reply = await lockReply(tx, body.replyId!);
      const gone = !reply || reply.deletedAt !== null || (reply.hiddenAt !== null && !member.isAdmin);
      if (gone || (await inHiddenPost(tx, member, reply.postId)))
        throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      authorId = reply.userId;
      postId = reply.postId;
    }
    if (authorId === member.id) throw new AppError('BAD_REQUEST', OWN_LIKE_MESSAGE);
    const target = body.postId !== undefined ? { postId: body.postId } : { replyId: body.replyId! };
    const answer = await toggleLikeRow(tx, member.id, target);
    if (answer.liked && authorId !== null) await unlockEarnedAchievements(tx, authorId, outbox, now);
    outbox.events.push(communityEvent(postId));
    return answer;
  });
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
    // An admin call: its line in the admin activity log, in the same transaction (CONTRACT §6).
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

export async function flagItem(
  deps: NoticeDeps,
  member: Viewer,
  body: FlagBody,
  now = new Date(),
): Promise<FlagAnswer> {
  await commitWithNotices(deps, async (tx, outbox) => {
    // The member's row first, as every transaction locks members before the rows they write.
    await checkReportAllowance(tx, member.id, now);
    const kind = body.postId !== undefined ? 'post' : 'reply';
    let item: { userId: number | null; hiddenAt: Date | null; postId: number; title: string; id: number };
    if (kind === 'post') {
      const post = await lockPost(tx, body.postId!);
      if (!post || post.deletedAt !== null || post.hiddenAt !== null)
        throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
      item = { userId: post.userId, hiddenAt: post.hiddenAt, postId: post.id, title: post.title, id: post.id };
    } else {
      const reply = await lockReply(tx, body.replyId!);
      if (!reply || reply.deletedAt !== null || reply.hiddenAt !== null)
        throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      const [post] = await tx.select().from(communityPosts).where(eq(communityPosts.id, reply.postId));
      if (!post || post.hiddenAt !== null) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      item = { userId: reply.userId, hiddenAt: reply.hiddenAt, postId: post.id, title: post.title, id: reply.id };
    }
    if (item.userId === member.id) throw new AppError('BAD_REQUEST', OWN_REPORT_MESSAGE);
    const added = await insertFlag(tx, {
      reportedByUserId: member.id,
      ...(kind === 'post' ? { postId: item.id } : { replyId: item.id }),
      reason: body.reason,
      details: body.details ?? null,
    });
    if (!added) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    const target = kind === 'post' ? { postId: item.id } : { replyId: item.id };
    // Only settled members' flags hide at once, and never an administrator's words: anything
    // else waits in the reports queue for the club team, and tells nobody (decision 0027).
    const joinedBefore = new Date(now.getTime() - REPORT_TRUSTED_AFTER_DAYS * DAY_MS);
    if ((await settledFlagCount(tx, target, joinedBefore)) < FLAGS_TO_HIDE) return;
    const author = await memberContact(tx, item.userId);
    if (author?.isAdmin) return;
    await setForumItemHidden(tx, kind, item.id, true, now);
    outbox.events.push(communityEvent(item.postId));
    // The item is hidden once (a hidden item cannot be reported), so its author hears once.
    if (!author) return;
    const what = kind === 'post' ? 'your post' : 'your reply';
    await recordNotice(tx, outbox, {
      at: now,
      notifications: [
        {
          member: { id: author.id, email: author.email },
          tradeRequestId: null,
          type: 'forum_hidden',
          title: `We are taking a second look at ${what}`,
          message:
            `A few members asked us to look again at ${what} in "${item.title}", so it is out of view for now ` +
            'while an administrator reads it. This is often just a misunderstanding, and you have not lost ' +
            'anything: if it is fine it comes back as it was. Thank you for taking part in the club.',
          link: { path: kind === 'post' ? '/community' : communityPostPath(item.postId), label: 'Go to the community' },
          email: author.forumEmails,
        },
      ],
    });
  });
  return { message: REPORT_THANKS_MESSAGE };
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
