import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { useMember } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListing } from '../../../lib/get-listing';
import { useThreads } from '../api/get-threads';
import { ContactOwnerDialog } from '../components/contact-owner-dialog';
import { ThreadList, type ThreadTab } from '../components/thread-list';
import { ThreadView } from '../components/thread-view';
import { parseUrlId } from '../../../lib/url-id';

/**
 * /messages (docs/product/messages.md#the-messages-page): the conversation list on the left, the open conversation on the right.
 * The open conversation is in the URL (?thread={id}); ?contact={listingId} opens the Contact
 * dialog for a listing. On narrow screens the list and the conversation take turns.
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const member = useMember();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = parseUrlId(searchParams.get('thread'));
  const contactId = parseUrlId(searchParams.get('contact'));
  const [tab, setTab] = useState<ThreadTab>('all');
  const [announcement, setAnnouncement] = useState('');
  const threadsQuery = useThreads();
  const selectedThread = threadsQuery.data?.find((t) => t.id === selectedId);

  const select = (threadId: number) => setSearchParams({ thread: String(threadId) });
  const back = () => setSearchParams({});
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  // Closing the Contact dialog drops ?contact= only: after sending, the dialog goes on to ?thread=.
  const closeContact = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('contact');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-ink">Messages</h1>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Conversations" className={selectedId === null ? '' : 'max-lg:hidden'}>
          <h2 className="sr-only">Conversations</h2>
          <ThreadList
            threads={threadsQuery.data}
            isLoading={threadsQuery.isPending}
            isError={threadsQuery.isError}
            selectedId={selectedId}
            onSelect={select}
            tab={tab}
            onTabChange={setTab}
          />
        </section>

        <div className={selectedId === null ? 'max-lg:hidden' : ''}>
          {selectedId === null ? (
            <div className="flex h-full min-h-60 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-line-strong bg-white p-6 text-center">
              <MessagesSquare aria-hidden="true" className="size-12 text-ink-muted" />
              <p className="text-lg font-semibold text-ink">Select a conversation</p>
            </div>
          ) : (
            <ThreadView
              key={selectedId}
              threadId={selectedId}
              thread={selectedThread}
              memberId={member.id}
              onBack={back}
              announce={announce}
            />
          )}
        </div>
      </div>

      {/* New messages in the open conversation are read out without moving focus. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>

      {contactId !== null && <ContactFromLink listingId={contactId} onClose={closeContact} />}
    </div>
  );
}

/** /messages?contact={listingId}: the Contact dialog for that listing, once it has loaded. */
function ContactFromLink({ listingId, onClose }: { listingId: number; onClose: () => void }) {
  const listing = useListing(listingId);
  const [open, setOpen] = useState(true);
  const failed = listing.isError;
  useEffect(() => {
    if (!failed) return;
    toast({ title: 'Puzzle not found', description: 'This puzzle listing is not available.', variant: 'destructive' });
    onClose();
  }, [failed, onClose]);
  if (!listing.data) return null;
  return (
    <ContactOwnerDialog
      listing={listing.data}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose();
      }}
    />
  );
}
