import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { directMessageSchema } from '../../../../domain/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FirstMessageField, SendMessageFooter } from './first-message-fields';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMessageMember } from '../api/message-member';
import { threadHref } from '../links';

export interface MessageMemberDialogProps {
  /** The member written to: their id and 'First L.' name. */
  member: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Send a message' on a member's page (decision 0028): a message to the member, not about a
 * puzzle. It goes into the two members' one conversation; on success the member lands on
 * /messages with it open.
 */
export function MessageMemberDialog({ member, open, onOpenChange }: MessageMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <MessageMemberForm member={member} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

const formSchema = directMessageSchema.pick({ initialMessage: true });
type FormValues = z.input<typeof formSchema>;
type FormBody = z.output<typeof formSchema>;

function MessageMemberForm({ member, onDone }: { member: MessageMemberDialogProps['member']; onDone: () => void }) {
  const navigate = useNavigate();
  const send = useMessageMember();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, FormBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { initialMessage: '' },
  });
  const message = useWatch({ control, name: 'initialMessage' });
  const failure = useFormProblem();

  const submit = ({ initialMessage }: FormBody) => {
    if (send.isPending) return;
    failure.clear();
    send.mutate(
      { recipientId: member.id, initialMessage },
      {
        onSuccess: (thread) => {
          onDone();
          toast({ title: 'Message sent' });
          void navigate(threadHref(thread.id));
        },
        onError: (error) =>
          failure.report({ title: 'Failed to send message', description: errorMessage(error, 'Please try again') }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <DialogHeader>
        <DialogTitle>Send a message to {member.name}</DialogTitle>
        <DialogDescription>Only {member.name} and you can read it. It appears in your Messages.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        <FormAlert problem={failure.problem} />
        <FirstMessageField
          registration={register('initialMessage')}
          length={message.length}
          error={errors.initialMessage?.message}
        />
      </div>
      <SendMessageFooter onCancel={onDone} disabled={message.length === 0 || send.isPending} sending={send.isPending} />
    </form>
  );
}
