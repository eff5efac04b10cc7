import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Send } from 'lucide-react';
import { MESSAGE_MAX } from '../../../../domain/constants';
import { messageContentSchema } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSendMessage } from '../api/send-message';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

type ReplyValues = z.input<typeof messageContentSchema>;
type ReplyBody = z.output<typeof messageContentSchema>;

/** The reply box under a thread: at most 2000 characters; blank (after trimming) is not sent. */
export function ReplyForm({ threadId }: { threadId: number }) {
  const sendMessage = useSendMessage();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<ReplyValues, unknown, ReplyBody>({
    resolver: zodResolver(messageContentSchema),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control, name: 'content' });
  const blank = !content.trim();

  const failure = useFormProblem();
  const onSubmit = handleSubmit(({ content }) => {
    if (sendMessage.isPending) return;
    failure.clear();
    sendMessage.mutate(
      { threadId, content },
      {
        onSuccess: () => {
          reset();
          toast({ title: 'Message sent', description: 'Your reply has been sent successfully' });
        },
        onError: (error) => {
          failure.report({ title: 'Failed to send message', description: errorMessage(error, 'Please try again') });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 border-t border-line p-3">
      <FormAlert problem={failure.problem} />
      <Field
        label="Your reply"
        error={errors.content?.message}
        note={<CharacterCount length={content.length} max={MESSAGE_MAX} />}
      >
        <Textarea rows={3} maxLength={MESSAGE_MAX} {...register('content')} />
      </Field>
      <Button type="submit" className="self-end" disabled={blank || sendMessage.isPending}>
        <Send aria-hidden="true" className="size-5" />
        {sendMessage.isPending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
