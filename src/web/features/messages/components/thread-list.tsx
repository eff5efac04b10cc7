import { formatMessageTime, type MessageThread } from '../../../../domain/messages';
import { Badge } from '../../../components/ui/badge';
import { LazyPicture } from '../../../components/ui/lazy-picture';
import { formatPieces } from '../../../lib/format';
import { MemberAvatar } from '../../../components/members/member-avatar';
import { threadTitle, threadWhoAndWhen } from './thread-text';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

/** docs/product/screens.md#messages: the conversation list is 600 px high. */
export const THREAD_LIST_HEIGHT_PX = 600;

export type ThreadTab = 'all' | 'new' | 'sent';

const TABS: { value: ThreadTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'sent', label: 'Sent' },
];

/** New: last message under 24 hours old; Sent: the member has written in it (docs/product/messages.md#the-messages-page). */
function threadsFor(tab: ThreadTab, threads: MessageThread[]): MessageThread[] {
  if (tab === 'new') return threads.filter((t) => t.isNew);
  if (tab === 'sent') return threads.filter((t) => t.sentByMe);
  return threads;
}

export interface ThreadListProps {
  threads: MessageThread[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (threadId: number) => void;
  tab: ThreadTab;
  onTabChange: (tab: ThreadTab) => void;
}

export function ThreadList({ threads, isLoading, isError, selectedId, onSelect, tab, onTabChange }: ThreadListProps) {
  const all = threads ?? [];
  return (
    <Tabs
      look="filter"
      value={tab}
      onValueChange={(value) => onTabChange(value as ThreadTab)}
      className="flex flex-col gap-3"
    >
      <TabsList aria-label="Show conversations">
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="flex-1 whitespace-nowrap">
            {t.label}
            {threads && ` (${threadsFor(t.value, all).length})`}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((t) => {
        const shown = threadsFor(t.value, all);
        return (
          <TabsContent key={t.value} value={t.value} tabIndex={-1}>
            <div
              role="region"
              aria-label={`${t.label} conversations`}
              tabIndex={0}
              style={{ height: THREAD_LIST_HEIGHT_PX }}
              className="overflow-y-auto rounded-lg border border-line bg-white"
            >
              {isLoading ? (
                <p className="p-4 text-ink-muted">Loading conversations...</p>
              ) : isError ? (
                <p className="p-4 text-danger-700">Failed to fetch messages</p>
              ) : shown.length === 0 ? (
                <p className="p-4 text-ink-muted">
                  {t.value === 'all'
                    ? 'No messages yet. Start a conversation by viewing a puzzle and contacting the owner.'
                    : t.value === 'new'
                      ? 'No new conversations in the last 24 hours.'
                      : 'No conversations you have written in yet.'}
                </p>
              ) : (
                <ul className="divide-y divide-line">
                  {shown.map((thread) => (
                    <li key={thread.id}>
                      <ThreadRow thread={thread} selected={thread.id === selectedId} onSelect={onSelect} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

function ThreadRow({
  thread,
  selected,
  onSelect,
}: {
  thread: MessageThread;
  selected: boolean;
  onSelect: (threadId: number) => void;
}) {
  const image = thread.puzzleThumbnailUrl ?? thread.puzzleImageUrl;
  const puzzle = [thread.puzzleTitle, thread.puzzlePieces === null ? null : formatPieces(thread.puzzlePieces)]
    .filter(Boolean)
    .join(' · ');
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(thread.id)}
      className="flex w-full items-start gap-3 p-3 text-left hover:bg-brand-50 aria-[current=true]:bg-brand-100 aria-[current=true]:shadow-[inset_4px_0_0_var(--color-brand-700)]"
    >
      <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-brand-50">
        {thread.isDirect && thread.otherParticipants[0] ? (
          <MemberAvatar name={thread.otherParticipants[0].name} url={null} size="medium" />
        ) : (
          <LazyPicture src={image} width={64} height={64} icon={false} className="size-full object-cover" />
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold break-words text-ink">{threadTitle(thread)}</span>
          <time dateTime={thread.lastMessageAt} className="shrink-0 text-sm text-ink-muted">
            {formatMessageTime(thread.lastMessageAt)}
          </time>
        </span>
        {puzzle && <span className="text-sm break-words text-ink-muted">{puzzle}</span>}
        <span className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>{threadWhoAndWhen(thread)}</span>
          {thread.isNew && <Badge variant="highlight">New</Badge>}
          {thread.unreadCount > 0 && <Badge variant="danger">{thread.unreadCount} unread</Badge>}
        </span>
      </span>
    </button>
  );
}
