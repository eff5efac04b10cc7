import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { MESSAGE_MAX } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSendMessage } from '../api/send-message';
import { CharacterCount } from './character-count';

/** The reply box under a thread: at most 2000 characters; blank (after trimming) is not sent. */
export function ReplyForm({ threadId }: { threadId: number }) {
  const id = useId();
  const [content, setContent] = useState('');
  const sendMessage = useSendMessage();
  const trimmed = content.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || sendMessage.isPending) return;
    sendMessage.mutate(
      { threadId, content: trimmed },
      {
        onSuccess: () => {
          setContent('');
          toast({ title: 'Message sent', description: 'Your reply has been sent successfully' });
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

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-1 border-t border-line p-3">
      <label htmlFor={`${id}-reply`} className="font-semibold">
        Your reply
      </label>
      <textarea
        id={`${id}-reply`}
        value={content}
        maxLength={MESSAGE_MAX}
        rows={3}
        aria-describedby={`${id}-count`}
        onChange={(event) => setContent(event.target.value)}
        className="min-h-24 w-full rounded-md border-2 border-line-strong bg-white px-3 py-2 text-base text-ink"
      />
      <div className="flex items-center justify-between gap-3">
        <CharacterCount id={`${id}-count`} length={content.length} max={MESSAGE_MAX} />
        <Button type="submit" disabled={!trimmed || sendMessage.isPending}>
          <Send aria-hidden="true" className="size-5" />
          {sendMessage.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
