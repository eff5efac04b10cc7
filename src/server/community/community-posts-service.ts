import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type {
  CommunityPostDetail,
  CommunityPostsQuery,
  CommunityPostView,
  CreatePostBody,
  UpdatePostBody,
} from '../../domain/community';
import { AppError, formatValidationErrors, type FieldError } from '../../domain/errors';
import { unlockEarnedAchievements } from '../achievements/achievements-service';
import type { DbOrTx } from '../db/client';
import { communityPosts } from '../db/schema';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import type { PictureStorage } from '../uploads/storage';
import { isStoredImage } from '../uploads/image-store';
import { addActivity } from './community-activity-service';
import { deleteActivity, POST_TARGET, setActivityPublic } from './community-activity-repository';
import { logModeration } from './community-moderation-service';
import { NOT_YOUR_POST_MESSAGE, PHOTO_NOT_UPLOADED_MESSAGE, POST_NOT_FOUND_MESSAGE } from './community-refusals';
import { hasReplies } from './community-replies-repository';
import { lockPost, openPostRow, postPage, postRow, type Viewer } from './community-repository';
import { communityEvent, toPostView, viewerOf } from './community-views';

// The forum (docs/product/community.md): every rule of its calls. Reading needs a member; hidden posts and
// replies exist only for admins (everyone else gets 404, as for something that is not there);
// the author or an admin may edit or remove; admins pin and lock. Everything that tells
// someone (notices, e-mails, live events) goes through commitWithNotices, after the commit.
//
// This file: posts, the list, opening one, and writing, editing and removing them. Replies,
// likes, flags, moderation and the activity feed have their own files beside this one.

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
    const item = { target: `post:${postId}` as const, authorId: post.userId, post: post.title };
    await logModeration(tx, outbox, member, 'edit', item, now, { changed: Object.keys(body) });
    outbox.events.push(communityEvent(postId));
  });
  return toPostView((await postRow(deps.db, member, postId))!);
}

/**
 * The author (or an admin) removes a post. With replies it stays, as 'This post was removed by
 * its author' (or 'by the club team'), so the conversation still reads; without, it is gone. Either way it leaves the
 * activity feed.
 */
export async function deletePost(
  deps: CommunityDeps,
  member: Viewer,
  postId: number,
  now = new Date(),
  /** An administrator's note to the author. */
  note: string | null = null,
): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const post = await ownPost(tx, member, postId);
    const byTeam = post.userId !== member.id;
    const item = { target: `post:${postId}` as const, authorId: post.userId, post: post.title, note };
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
