import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { contactSubjectFor } from '../../../../domain/messages';
import { MESSAGE_MAX, THREAD_SUBJECT_MAX } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useCreateThread } from '../api/create-thread';
import { threadHref } from '../links';
import type { ContactListing } from '../types';
import { CharacterCount } from './character-count';

export interface ContactOwnerDialogProps {
  /** The listing asked about: its id, title and owner's member id. */
  listing: ContactListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const fieldClasses = 'w-full rounded-md border-2 border-line-strong bg-white px-3 py-2 text-base text-ink';

/**
 * Contact Owner (spec §2): a subject prefilled 'Question about: {title}' and a message to the
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

function ContactOwnerForm({ listing, onDone }: { listing: ContactListing; onDone: () => void }) {
  const id = useId();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const createThread = useCreateThread();
  const [subject, setSubject] = useState(() => contactSubjectFor(listing.title).slice(0, THREAD_SUBJECT_MAX));
  const [message, setMessage] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createThread.isPending) return;
    const trimmedSubject = subject.trim();
    const trimmedMessage = message.trim();
    if (!trimmedSubject || !trimmedMessage) {
      toast({
        title: 'Missing information',
        description: 'Please fill in both subject and message',
        variant: 'destructive',
      });
      return;
    }
    if (user && user.id === listing.userId) {
      toast({
        title: 'Cannot message yourself',
        description: 'You cannot send a message to your own puzzle listing',
        variant: 'destructive',
      });
      return;
    }
    createThread.mutate(
      {
        subject: trimmedSubject,
        puzzleListingId: listing.id,
        recipientId: listing.userId,
        initialMessage: trimmedMessage,
      },
      {
        onSuccess: (thread) => {
          onDone();
          toast({ title: 'Message sent' });
          void navigate(threadHref(thread.id));
        },
        onError: (error) => {
          toast({
            title: 'Failed to send message',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const canSend = subject.length > 0 && message.length > 0 && !createThread.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Contact Owner</DialogTitle>
        <DialogDescription>Send a message to the owner of “{listing.title}”.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-subject`} className="font-semibold">
            Subject
          </label>
          <input
            id={`${id}-subject`}
            className={`min-h-12 ${fieldClasses}`}
            value={subject}
            maxLength={THREAD_SUBJECT_MAX}
            onChange={(event) => setSubject(event.target.value)}
            required
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-message`} className="font-semibold">
            Message
          </label>
          <textarea
            id={`${id}-message`}
            className={`min-h-40 ${fieldClasses}`}
            value={message}
            maxLength={MESSAGE_MAX}
            rows={6}
            aria-describedby={`${id}-count`}
            onChange={(event) => setMessage(event.target.value)}
            required
          />
          <CharacterCount id={`${id}-count`} length={message.length} max={MESSAGE_MAX} />
        </div>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend}>
          <Send aria-hidden="true" className="size-5" />
          {createThread.isPending ? 'Sending…' : 'Send Message'}
        </Button>
      </DialogFooter>
    </form>
  );
}
