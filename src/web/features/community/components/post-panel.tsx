import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, Flag, Lock, LockOpen, MessageSquarePlus, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import {
  communityReplyPath,
  POST_LOCKED_MESSAGE,
  POST_REMOVED_MESSAGE,
  type CommunityPostDetail,
  type CommunityReplyView,
} from '../../../../domain/community';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { formatActivityDate } from '../../../lib/format';
import { useDeletePost } from '../api/delete-post';
import { usePost } from '../api/get-post';
import { useReplies } from '../api/get-replies';
import { useModeratePost } from '../api/moderate-post';
import { PostTags } from './post-badges';
import { LikeButton } from './like-button';
import { AuthorName } from './post-card';
import { plural } from '../../../../domain/sentences';
import { PostFormDialog } from './post-form-dialog';
import { ReplyForm, type ReplyingTo } from './reply-form';
import { ReplyItem, replyElementId } from './reply-item';
import { ReportDialog } from './report-dialog';
import { removalNoteFields, removalNoteSchema } from './removal-note';
import { PanelFrame, PostPanelLoading } from './post-panel-frame';
import { RichText } from './rich-text';
import { useErrorToast } from './use-error-toast';

/** Brings a reply into view and gives it the focus (a notice's link, 'Go to the first new reply'). */
function showReply(replyId: number): boolean {
  const element = document.getElementById(replyElementId(replyId));
  if (!element) return false;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
  return true;
}

/**
 * The replies the count counts, as the post's card does (replyCount): a reply removed by its
 * author (kept only while an answer to it is shown) or hidden after reports is not one.
 */
function shownReplies(replies: CommunityReplyView[]): number {
  return replies.filter((r) => !r.isDeleted && !r.isHidden).length;
}

/**
 * The open post (docs/product/community.md), inside the side panel: the post, its photos and
 * actions, 'Replies (n)' as one flat list, and the reply form, or why there is none.
 * `replyId` (from ?reply=) is brought into view once the replies have loaded.
 */
export function PostPanel({
  postId,
  replyId,
  memberId,
  isAdmin,
  onClose,
}: {
  postId: number;
  replyId: number | null;
  memberId: number;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const post = usePost(postId);
  const replies = useReplies(postId);
  const queryClient = useQueryClient();
  // Opening the post counted a view and marked its replies read: once it closes, the list's
  // card says so too (not '3 new replies' for what the member has just read).
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: queryKeys.communityPosts }), [queryClient]);
  // A 404 means the post itself has gone (removed or hidden meanwhile): the panel says so instead.
  const repliesGone = replies.error instanceof ApiError && replies.error.status === 404;
  useErrorToast(replies.isError && !repliesGone, 'Failed to fetch replies');
  // Where the member had read to when the post opened: later refetches (after a live event)
  // have already recorded this visit, so the first answer is the one kept.
  const [firstNewReplyId, setFirstNewReplyId] = useState<number | null | undefined>(undefined);
  if (firstNewReplyId === undefined && post.data) setFirstNewReplyId(post.data.firstNewReplyId);

  const [replyingTo, setReplyingTo] = useState<ReplyingTo | null>(null);
  const replyBox = useRef<HTMLTextAreaElement | null>(null);

  const shown = useRef<number | null>(null);
  const repliesLoaded = replies.data !== undefined;
  useEffect(() => {
    if (replyId === null || !repliesLoaded || shown.current === replyId) return;
    if (showReply(replyId)) shown.current = replyId;
  }, [replyId, repliesLoaded]);

  const startReply = (to: ReplyingTo | null) => {
    setReplyingTo(to);
    replyBox.current?.scrollIntoView({ block: 'center' });
    replyBox.current?.focus({ preventScroll: true });
  };

  if (post.isPending) return <PostPanelLoading onClose={onClose} />;
  if (!post.data) {
    return (
      <PanelFrame title="Post not available" onClose={onClose}>
        <ErrorState message={errorMessage(post.error, 'This post could not be loaded. It may have been removed.')} />
      </PanelFrame>
    );
  }

  const p = post.data;
  // Removed or hidden while open: what was read stays on screen, with a word about it.
  const gone = post.isError;
  const isMine = p.userId === memberId;
  const canReply = !p.isLocked && !p.isDeleted && !gone;
  const firstNewIndex = firstNewReplyId ? (replies.data?.findIndex((r) => r.id === firstNewReplyId) ?? -1) : -1;

  return (
    <PanelFrame title={p.title} onClose={onClose} post={p}>
      {gone && <ErrorState message={errorMessage(post.error, 'This post is no longer available.')} />}
      <div className="flex flex-col gap-3">
        <p className="text-ink-muted">
          By <AuthorName userId={p.userId} userName={p.userName} /> · {formatActivityDate(p.createdAt)}
          {p.isEdited && !p.isDeleted && <span className="italic"> (edited)</span>}
        </p>
        <RichText text={p.content} className={p.isDeleted ? 'text-ink-muted italic' : 'text-lg'} />
        {!p.isDeleted && <PostTags tags={p.tags} />}
        {p.imageUrls.length > 0 && (
          <ul aria-label="Photos" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {p.imageUrls.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={url}
                    alt={`Photo ${index + 1} of ${p.imageUrls.length} for '${p.title}' (opens full size)`}
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="text-ink-muted">{plural(p.viewCount, 'view', 'views')}</p>
      </div>

      {!p.isDeleted && <PostActions post={p} isMine={isMine} isAdmin={isAdmin} onDeleted={onClose} />}

      {canReply && (
        <Button size="large" onClick={() => startReply(null)} className="w-full">
          <MessageSquarePlus aria-hidden="true" className="size-6" />
          Reply
        </Button>
      )}

      <section aria-labelledby="replies-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="replies-heading" className="text-xl font-bold">
            Replies ({replies.data ? shownReplies(replies.data) : p.replyCount})
          </h3>
          {firstNewReplyId && firstNewIndex >= 0 && (
            <Link
              to={communityReplyPath(postId, firstNewReplyId)}
              replace
              onClick={() => {
                // Already at this address: bring it into view again all the same.
                if (replyId === firstNewReplyId) showReply(firstNewReplyId);
              }}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
            >
              <ArrowDown aria-hidden="true" className="size-5" />
              Go to the first new reply
            </Link>
          )}
        </div>
        {replies.isPending ? (
          <Spinner label="Loading replies" />
        ) : replies.isError ? (
          <ErrorState message="Failed to fetch replies" onRetry={() => void replies.refetch()} />
        ) : replies.data.length === 0 ? (
          <p className="text-ink-muted">No replies yet.{canReply ? ' Be the first to reply.' : ''}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {replies.data.map((reply: CommunityReplyView, index) => (
              <ReplyItem
                key={reply.id}
                reply={reply}
                memberId={memberId}
                isAdmin={isAdmin}
                canReply={canReply}
                isNew={firstNewIndex >= 0 && index >= firstNewIndex}
                onReply={(r) => startReply({ replyId: r.id, userName: r.userName })}
                onShowReply={showReply}
              />
            ))}
          </ol>
        )}
      </section>

      {canReply ? (
        <ReplyForm
          postId={postId}
          replyingTo={replyingTo}
          onCancelReplyingTo={() => setReplyingTo(null)}
          textareaRef={replyBox}
          onPosted={() => setReplyingTo(null)}
        />
      ) : gone ? null : (
        <p className="flex items-start gap-2 rounded-lg border-2 border-line-strong bg-white p-3 font-semibold">
          <Lock aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {p.isDeleted ? POST_REMOVED_MESSAGE : POST_LOCKED_MESSAGE}
        </p>
      )}
    </PanelFrame>
  );
}

function PostActions({
  post,
  isMine,
  isAdmin,
  onDeleted,
}: {
  post: CommunityPostDetail;
  isMine: boolean;
  isAdmin: boolean;
  /** Closes the panel (after the post is deleted, or reported). */
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePost();
  const moderate = useModeratePost();

  const moderateTo = (change: { isPinned: boolean } | { isLocked: boolean }, done: string) =>
    moderate.mutate(
      { postId: post.id, ...change },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) =>
          toast({
            title: 'Failed to update post',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <LikeButton
          target={{ postId: post.id }}
          count={post.likeCount}
          likedByMe={post.likedByMe}
          canLike={!isMine}
          what="post"
        />
        {!isMine && (
          <Button variant="ghost" onClick={() => setReporting(true)}>
            <Flag aria-hidden="true" className="size-5" />
            Report<span className="sr-only"> this post</span>
          </Button>
        )}
        {/* An admin may edit a member's post too (logged as edit_post: decision 0027). */}
        {(isMine || isAdmin) && (
          <Button variant="ghost" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-5" />
            Edit<span className="sr-only">{isMine ? ' your post' : ` ${post.userName}'s post`}</span>
          </Button>
        )}
        {(isMine || isAdmin) && (
          <Button variant="ghost" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-5" />
            Delete<span className="sr-only"> this post</span>
          </Button>
        )}
      </div>
      {isAdmin && (
        <div role="group" aria-label="Administrator" className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            disabled={moderate.isPending}
            onClick={() => moderateTo({ isPinned: !post.isPinned }, post.isPinned ? 'Post unpinned' : 'Post pinned')}
          >
            {post.isPinned ? (
              <PinOff aria-hidden="true" className="size-5" />
            ) : (
              <Pin aria-hidden="true" className="size-5" />
            )}
            {post.isPinned ? 'Unpin post' : 'Pin post'}
          </Button>
          <Button
            variant="secondary"
            disabled={moderate.isPending}
            onClick={() => moderateTo({ isLocked: !post.isLocked }, post.isLocked ? 'Post unlocked' : 'Post locked')}
          >
            {post.isLocked ? (
              <LockOpen aria-hidden="true" className="size-5" />
            ) : (
              <Lock aria-hidden="true" className="size-5" />
            )}
            {post.isLocked ? 'Unlock post' : 'Lock post'}
          </Button>
        </div>
      )}
      <PostFormDialog open={editing} onOpenChange={setEditing} post={post} />
      <ReportDialog target={{ postId: post.id }} open={reporting} onOpenChange={setReporting} onReported={onDeleted} />
      <StepDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this post?"
        description={
          <p>
            {post.replyCount > 0
              ? 'The post will say it was removed, and its replies stay so the conversation still reads.'
              : 'The post will be removed from the forum.'}
          </p>
        }
        {...(isMine ? {} : { fields: removalNoteFields, schema: removalNoteSchema })}
        confirmLabel="Delete post"
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={(values?: { note?: string | null }) =>
          remove.mutate(
            { postId: post.id, note: values?.note ?? null },
            {
              onSuccess: () => {
                setDeleting(false);
                toast({ title: 'Post deleted' });
                if (post.replyCount === 0) onDeleted();
              },
              onError: (error) =>
                toast({
                  title: 'Failed to delete post',
                  description: errorMessage(error, 'Please try again'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </div>
  );
}
