import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CornerDownRight, Flag, Pencil, Reply, Trash2 } from 'lucide-react';
import { REPLY_MAX } from '../../../../domain/constants';
import { updateReplySchema, type CommunityReplyView, type UpdateReplyBody } from '../../../../domain/community';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field } from '../../../components/ui/field';
import { StepDialog } from '../../../components/ui/step-dialog';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatActivityDate } from '../../../lib/format';
import { useDeleteReply } from '../api/delete-reply';
import { useUpdateReply } from '../api/update-reply';
import { LikeButton } from './like-button';
import { AuthorName } from './post-card';
import { ReportDialog } from './report-dialog';
import { removalNoteFields, removalNoteSchema } from './removal-note';
import { RichText } from './rich-text';

export const replyElementId = (replyId: number) => `reply-${replyId}`;

/**
 * One reply in the flat list: who and when, 'in reply to Margaret H.' when it answers a
 * reply, the text, its likes, and Reply / Report; the author (or an admin) may edit or delete it.
 */
export function ReplyItem({
  reply,
  memberId,
  isAdmin,
  canReply,
  isNew,
  onReply,
  onShowReply,
}: {
  reply: CommunityReplyView;
  memberId: number;
  isAdmin: boolean;
  canReply: boolean;
  /** Posted since the member last read the post. */
  isNew: boolean;
  onReply: (reply: CommunityReplyView) => void;
  onShowReply: (replyId: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReply();
  const isMine = reply.userId === memberId;
  const byline = `reply by ${reply.userName}`;

  return (
    <li
      id={replyElementId(reply.id)}
      tabIndex={-1}
      aria-label={`Reply by ${reply.userName}`}
      className={cn(
        'flex scroll-mt-4 flex-col gap-2 rounded-lg border-2 p-3 focus-visible:outline-4',
        isNew ? 'border-brand-700 bg-brand-50' : 'border-line bg-white',
      )}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <AuthorName userId={reply.userId} userName={reply.userName} />
        <span className="text-ink-muted">{formatActivityDate(reply.createdAt)}</span>
        {reply.isEdited && !reply.isDeleted && <span className="text-ink-muted italic">(edited)</span>}
        {isNew && <span className="font-semibold text-brand-800">New</span>}
      </div>
      {reply.parentReplyId !== null && reply.parentUserName !== null && (
        <p className="flex items-center gap-1 text-ink-muted">
          <CornerDownRight aria-hidden="true" className="size-5" />
          <Button variant="link" className="min-h-0 p-0" onClick={() => onShowReply(reply.parentReplyId as number)}>
            in reply to {reply.parentUserName}
          </Button>
        </p>
      )}
      {editing ? (
        <EditReplyForm reply={reply} onDone={() => setEditing(false)} />
      ) : (
        <RichText text={reply.content} className={reply.isDeleted ? 'text-ink-muted italic' : undefined} />
      )}
      {!reply.isDeleted && !editing && (
        <div className="flex flex-wrap items-center gap-2">
          <LikeButton
            target={{ replyId: reply.id }}
            count={reply.likeCount}
            likedByMe={reply.likedByMe}
            canLike={!isMine}
            what={byline}
          />
          {canReply && (
            <Button variant="ghost" onClick={() => onReply(reply)}>
              <Reply aria-hidden="true" className="size-5" />
              Reply<span className="sr-only"> to {reply.userName}</span>
            </Button>
          )}
          {!isMine && (
            <Button variant="ghost" onClick={() => setReporting(true)}>
              <Flag aria-hidden="true" className="size-5" />
              Report<span className="sr-only"> this {byline}</span>
            </Button>
          )}
          {(isMine || isAdmin) && (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-5" />
              Edit<span className="sr-only">{isMine ? ' your reply' : ` this ${byline}`}</span>
            </Button>
          )}
          {(isMine || isAdmin) && (
            <Button variant="ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="size-5" />
              Delete<span className="sr-only"> this {byline}</span>
            </Button>
          )}
        </div>
      )}
      <ReportDialog target={{ replyId: reply.id }} open={reporting} onOpenChange={setReporting} />
      <StepDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this reply?"
        description={
          <p>
            It goes from the post. If someone has answered it, it stays as &lsquo;removed by{' '}
            {isMine ? 'its author' : 'the club team'}&rsquo; so the conversation still reads
            {isMine ? '' : ', and its author is told'}.
          </p>
        }
        {...(isMine ? {} : { fields: removalNoteFields, schema: removalNoteSchema })}
        confirmLabel="Delete reply"
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={(values?: { note?: string | null }) =>
          // mutateAsync: the reply may leave the list (and this item unmount) before the answer is read.
          remove.mutateAsync({ replyId: reply.id, note: values?.note ?? null }).then(
            () => {
              setDeleting(false);
              toast({ title: 'Reply deleted' });
            },
            (error: unknown) =>
              toast({
                title: 'Failed to delete reply',
                description: errorMessage(error, 'Please try again'),
                variant: 'destructive',
              }),
          )
        }
      />
    </li>
  );
}

function EditReplyForm({ reply, onDone }: { reply: CommunityReplyView; onDone: () => void }) {
  const update = useUpdateReply();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof updateReplySchema>, unknown, UpdateReplyBody>({
    resolver: zodResolver(updateReplySchema),
    defaultValues: { content: reply.content },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';
  const onSubmit = handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { replyId: reply.id, body },
      {
        onSuccess: () => {
          onDone();
          toast({ title: 'Reply updated' });
        },
        onError: (error) =>
          toast({
            title: 'Failed to update reply',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Field
        label="Edit your reply"
        error={errors.content?.message}
        note={<CharacterCount length={content.length} max={REPLY_MAX} />}
      >
        <Textarea rows={4} maxLength={REPLY_MAX} autoFocus {...register('content')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending} label="Save reply" busyLabel="Saving..." />
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
