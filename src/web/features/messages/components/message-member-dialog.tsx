import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Send } from 'lucide-react';
import { directMessageSchema } from '../../../../domain/messages';
import { MESSAGE_MAX } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';
import { Textarea } from '../../../components/ui/textarea';
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
        <Field
          label="Message"
          error={errors.initialMessage?.message}
          note={<CharacterCount length={message.length} max={MESSAGE_MAX} />}
        >
          <Textarea rows={6} maxLength={MESSAGE_MAX} required {...register('initialMessage')} />
        </Field>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={message.length === 0 || send.isPending}>
          <Send aria-hidden="true" className="size-5" />
          {send.isPending ? 'Sending…' : 'Send Message'}
        </Button>
      </DialogFooter>
    </form>
  );
}
