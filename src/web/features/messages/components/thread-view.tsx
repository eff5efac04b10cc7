import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ArrowLeft } from 'lucide-react';
import { CONDITION_LABELS } from '../../../../domain/constants';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatPieces } from '../../../lib/format';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { useThreadMessages } from '../api/get-thread-messages';
import { MessageBubble } from './message-bubble';
import { ReplyForm } from './reply-form';
import { formatClubDate } from '../../../../domain/dates';
import type { Message, MessageThread } from '../../../../domain/messages';
import { threadTitle } from './thread-text';

const conditionLabel = (condition: string): string =>
  (CONDITION_LABELS as Record<string, string | undefined>)[condition] ?? condition;

export interface ThreadViewProps {
  threadId: number;
  /** The list's row for it (header details); undefined until the list has it. */
  thread: MessageThread | undefined;
  memberId: number;
  onBack: () => void;
  /** Says a line through the page's polite live region. */
  announce: (text: string) => void;
}

/** The open conversation: header, bubbles (kept scrolled to the newest) and the reply box. */
export function ThreadView({ threadId, thread, memberId, onBack, announce }: ThreadViewProps) {
  const messagesQuery = useThreadMessages(threadId);
  const messages = messagesQuery.data;
  const scroller = useRef<HTMLDivElement>(null);
  useMarkReadOnNews(threadId, messages, memberId);
  useAnnounceArrivals(threadId, messages, memberId, announce);

  // Keep the newest message in view as messages arrive.
  const lastId = messages?.at(-1)?.id;
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, threadId]);

  const failed = messagesQuery.isError;
  const notFound = failed && messagesQuery.error instanceof ApiError && messagesQuery.error.status === 404;
  useEffect(() => {
    if (failed && !notFound) toast({ title: 'Failed to fetch messages', variant: 'destructive' });
  }, [failed, notFound]);

  const puzzleFacts = thread
    ? [
        thread.puzzleTitle,
        thread.puzzlePieces === null ? null : formatPieces(thread.puzzlePieces),
        thread.puzzleCondition === null ? null : `${conditionLabel(thread.puzzleCondition)} condition`,
      ].filter(Boolean)
    : [];

  return (
    <section
      aria-labelledby={`thread-${threadId}-title`}
      className="flex flex-col rounded-lg border border-line bg-white"
    >
      <header className="flex flex-col gap-2 border-b border-line p-3">
        <Button variant="ghost" onClick={onBack} className="self-start lg:hidden">
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to conversations
        </Button>
        <h2 id={`thread-${threadId}-title`} className="text-xl font-bold break-words text-ink">
          {thread ? threadTitle(thread) : 'Conversation'}
        </h2>
        {thread && (
          <p className="text-ink-muted">
            {puzzleFacts.length > 0 && puzzleFacts.join(' · ')}
            <span className="block">Started {formatClubDate(thread.createdAt)}</span>
            {thread.otherParticipants.length > 0 && (
              <span className="block">
                With{' '}
                {thread.otherParticipants.map((p, i) => (
                  <span key={p.id}>
                    {i > 0 && ', '}
                    <MemberNameLink id={p.id} name={p.name} />
                  </span>
                ))}
              </span>
            )}
          </p>
        )}
      </header>

      <div
        ref={scroller}
        role="region"
        aria-label="Messages in this conversation"
        tabIndex={0}
        className="h-[28rem] overflow-y-auto p-3 lg:h-[480px]"
      >
        {notFound ? (
          <p className="text-ink-muted">Conversation not found</p>
        ) : failed ? (
          <p className="text-danger-700">Failed to fetch messages</p>
        ) : messages === undefined ? (
          <Spinner label="Loading messages…" className="w-full py-8" />
        ) : messages.length === 0 ? (
          <p className="text-ink-muted">No messages in this conversation</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} own={message.senderId === memberId} />
            ))}
          </ol>
        )}
      </div>

      {!notFound && <ReplyForm key={threadId} threadId={threadId} />}
    </section>
  );
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the member can see the page: false while its tab is in the background. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * Opening a thread marks it read (docs/product/messages.md#the-messages-page); so does a message arriving while it is open,
 * since the member is looking at it. Only while the page is visible: a thread open in a
 * background tab (or opened into one) stays unread until the member comes to that tab.
 */
function useMarkReadOnNews(threadId: number, messages: Message[] | undefined, memberId: number) {
  const { mutate } = useMarkThreadRead();
  const visible = usePageVisible();
  const loaded = messages !== undefined;
  const lastFromOthers = messages?.findLast((m) => m.senderId !== memberId)?.id ?? null;
  // What was last marked, so coming back to the tab marks again only when something arrived.
  const marked = useRef<{ threadId: number; lastFromOthers: number | null } | null>(null);
  useEffect(() => {
    // After the messages load, so a conversation that is not the member's is not marked.
    if (!loaded || !visible) return;
    const last = marked.current;
    if (last && last.threadId === threadId && last.lastFromOthers === lastFromOthers) return;
    marked.current = { threadId, lastFromOthers };
    mutate(threadId, {
      onError: () => {
        marked.current = null;
        toast({ title: 'Failed to mark as read', variant: 'destructive' });
      },
    });
  }, [threadId, loaded, lastFromOthers, visible, mutate]);
}

/** Announces messages from others that arrive while the thread is open (not those already there). */
function useAnnounceArrivals(
  threadId: number,
  messages: Message[] | undefined,
  memberId: number,
  announce: (text: string) => void,
) {
  const seen = useRef<{ threadId: number; lastId: number } | null>(null);
  useEffect(() => {
    if (!messages) return;
    const lastId = messages.at(-1)?.id ?? 0;
    const before = seen.current;
    seen.current = { threadId, lastId };
    if (!before || before.threadId !== threadId) return;
    const arrived = messages.filter((m) => m.id > before.lastId && m.senderId !== memberId);
    for (const message of arrived) {
      const who = message.isSystemMessage ? 'System message' : `New message from ${message.senderName ?? 'a member'}`;
      announce(`${who}: ${message.content}`);
    }
  }, [threadId, messages, memberId, announce]);
}
