// Small wordings shared by the list and the thread pane.
import { formatClubDayOrDate } from '../../../../domain/dates';
import type { MessageThread } from '../../../../domain/messages';

/** 'Derek P.', 'Derek P. and Olive S.', 'Derek P., Olive S. and Rita R.'. */
export function namesLabel(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Who a conversation is with and when it began: 'with Derek P. · started 3 Dec'. Two threads
 * about one puzzle share a subject, so this is what tells them apart (issue 14).
 */
export function threadWhoAndWhen(thread: Pick<MessageThread, 'otherParticipants' | 'createdAt'>): string {
  const who =
    thread.otherParticipants.length > 0
      ? `with ${namesLabel(thread.otherParticipants.map((p) => p.name))}`
      : 'just you';
  return `${who} · started ${formatClubDayOrDate(thread.createdAt)}`;
}

/**
 * The conversation's heading: its subject, or for two members' own conversation (started from
 * a member's page, no puzzle) 'Conversation with Derek P.', as each of the two reads it.
 */
export function threadTitle(thread: Pick<MessageThread, 'subject' | 'isDirect' | 'otherParticipants'>): string {
  if (!thread.isDirect || thread.otherParticipants.length === 0) return thread.subject;
  return `Conversation with ${namesLabel(thread.otherParticipants.map((p) => p.name))}`;
}
