import { useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { REPLY_MAX } from '../../../../domain/constants';
import { updateReplySchema, type UpdateReplyBody } from '../../../../domain/community';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateReply } from '../api/create-reply';

export interface ReplyingTo {
  replyId: number;
  userName: string;
}

/**
 * The reply form under an open post ('Post Reply' / 'Posting...'). Answering a reply says
 * whom ('Replying to Margaret H.'), with a way back to answering the post itself.
 */
export function ReplyForm({
  postId,
  replyingTo,
  onCancelReplyingTo,
  textareaRef,
  onPosted,
}: {
  postId: number;
  replyingTo: ReplyingTo | null;
  onCancelReplyingTo: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onPosted: (replyId: number) => void;
}) {
  const create = useCreateReply();
  // Refusals no field can fix (too many replies this hour, a post locked meanwhile) stay in the form.
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof updateReplySchema>, unknown, UpdateReplyBody>({
    resolver: zodResolver(updateReplySchema),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';
  const { ref, ...contentField } = register('content');

  const onSubmit = handleSubmit(({ content }) => {
    if (create.isPending) return;
    setFormError(null);
    create.mutate(
      { postId, body: { content, parentReplyId: replyingTo?.replyId ?? null } },
      {
        onSuccess: (reply) => {
          reset();
          toast({ title: 'Reply posted successfully!' });
          onPosted(reply.id);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to post reply');
          if (error instanceof ApiError && (error.status === 429 || error.status === 409)) setFormError(message);
          toast({ title: 'Failed to post reply', description: message, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Write a reply" className="flex flex-col gap-3">
      {replyingTo && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 p-2">
          <span>
            Replying to <strong>{replyingTo.userName}</strong>
          </span>
          <Button variant="link" onClick={onCancelReplyingTo}>
            Reply to the post instead
          </Button>
        </p>
      )}
      <Field
        label="Your reply"
        error={errors.content?.message}
        note={<CharacterCount length={content.length} max={REPLY_MAX} />}
      >
        <Textarea
          rows={4}
          maxLength={REPLY_MAX}
          {...contentField}
          ref={(element) => {
            ref(element);
            textareaRef.current = element;
          }}
        />
      </Field>
      {formError && (
        <p
          role="alert"
          className="rounded-md border-2 border-danger-700 bg-danger-50 p-3 font-semibold text-danger-900"
        >
          {formError}
        </p>
      )}
      <SubmitButton busy={create.isPending} label="Post Reply" busyLabel="Posting..." className="self-end" />
    </form>
  );
}
