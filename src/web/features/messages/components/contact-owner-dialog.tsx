import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { contactSubjectFor, createThreadSchema } from '../../../../domain/messages';
import { THREAD_SUBJECT_MAX } from '../../../../domain/constants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FirstMessageField, SendMessageFooter } from './first-message-fields';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useCreateThread } from '../api/create-thread';
import { threadHref } from '../links';
import type { Listing } from '../../../../domain/listings';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

export interface ContactOwnerDialogProps {
  /** The listing asked about: its id, title and owner's member id. */
  listing: Listing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Contact Owner (docs/product/messages.md#conversations): a subject prefilled 'Question about: {title}' and a message to the
 * puzzle's owner. On success the member lands on /messages with the conversation open.
 */
export function ContactOwnerDialog({ listing, open, onOpenChange }: ContactOwnerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts from the prefilled subject. */}
        {open && <ContactOwnerForm listing={listing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

// The dialog asks for the subject and the message; the listing and its owner are given.
const contactSchema = createThreadSchema.pick({ subject: true, initialMessage: true });
type ContactValues = z.input<typeof contactSchema>;
type ContactBody = z.output<typeof contactSchema>;

function ContactOwnerForm({ listing, onDone }: { listing: Listing; onDone: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const createThread = useCreateThread();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ContactValues, unknown, ContactBody>({
    resolver: zodResolver(contactSchema),
    defaultValues: { subject: contactSubjectFor(listing.title).slice(0, THREAD_SUBJECT_MAX), initialMessage: '' },
  });
  const [subject, message] = useWatch({ control, name: ['subject', 'initialMessage'] });

  // A refused message says so in the dialog until the member sends again (issue 14).
  const failure = useFormProblem();
  const send = ({ subject, initialMessage }: ContactBody) => {
    if (createThread.isPending) return;
    failure.clear();
    if (user && user.id === listing.userId) {
      failure.report({
        title: 'Cannot message yourself',
        description: 'You cannot send a message to your own puzzle listing',
      });
      return;
    }
    createThread.mutate(
      { subject, puzzleListingId: listing.id, recipientId: listing.userId, initialMessage },
      {
        onSuccess: (thread) => {
          onDone();
          toast({ title: 'Message sent' });
          void navigate(threadHref(thread.id));
        },
        onError: (error) => {
          failure.report({ title: 'Failed to send message', description: errorMessage(error, 'Please try again') });
        },
      },
    );
  };

  // Blank after trimming: the product's toast as well as the messages under the fields.
  const missing = () =>
    failure.report({ title: 'Missing information', description: 'Please fill in both subject and message' });

  const canSend = subject.length > 0 && message.length > 0 && !createThread.isPending;

  return (
    <form onSubmit={handleSubmit(send, missing)} noValidate>
      <DialogHeader>
        <DialogTitle>Contact Owner</DialogTitle>
        <DialogDescription>Send a message to the owner of “{listing.title}”.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        <FormAlert problem={failure.problem} />
        <Field label="Subject" error={errors.subject?.message}>
          <Input maxLength={THREAD_SUBJECT_MAX} required {...register('subject')} />
        </Field>
        <FirstMessageField
          registration={register('initialMessage')}
          length={message.length}
          error={errors.initialMessage?.message}
        />
      </div>
      <SendMessageFooter onCancel={onDone} disabled={!canSend} sending={createThread.isPending} />
    </form>
  );
}
