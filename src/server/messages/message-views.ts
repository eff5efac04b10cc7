import { isThreadNew, type MessageThread } from '../../domain/messages';
import { toMemberPublic } from '../members/member-views';
import { thumbnailFor } from '../uploads/image-store';
import { truncate } from '../../domain/sentences';

// The messaging answers (threadViewSchema and messageViewSchema in src/domain/messages.ts),
// built from explicit column lists: a participant appears only as the public member view, id
// and 'First L.' (never an e-mail or address), as listings show their owners.

/** The list row's preview of the last message: enough for one line, not the whole letter. */
export const PREVIEW_MAX = 120;

type Time = Date | string;
export const iso = (value: Time): string => (value instanceof Date ? value : new Date(value)).toISOString();

export type ThreadRow = {
  id: number;
  subject: string;
  puzzleListingId: number | null;
  tradeRequestId: number | null;
  isDirect: boolean;
  lastMessageAt: Time;
  createdAt: Time;
  updatedAt: Time;
  puzzleTitle: string | null;
  puzzlePieces: number | null;
  puzzleCondition: MessageThread['puzzleCondition'];
  puzzleImageUrl: string | null;
  unreadCount: number | string;
  sentByMe: boolean;
  lastContent: string | null;
  lastSenderId: number | null;
  lastIsSystem: boolean | null;
  lastCreatedAt: Time | null;
  participants: Array<{ id: number; firstName: string | null; lastName: string | null }> | string;
};

export function preview(content: string): string {
  const oneLine = content.replace(/\s+/g, ' ').trim();
  return truncate(oneLine, PREVIEW_MAX);
}

export function toThreadView(row: ThreadRow, viewerId: number, now: Date = new Date()): MessageThread {
  // json_agg arrives parsed from node-postgres and PGlite alike; a string is parsed defensively.
  const participants = typeof row.participants === 'string' ? JSON.parse(row.participants) : row.participants;
  const typed = participants as Array<{ id: number; firstName: string | null; lastName: string | null }>;
  return {
    id: row.id,
    subject: row.subject,
    puzzleListingId: row.puzzleListingId,
    tradeRequestId: row.tradeRequestId,
    isDirect: Boolean(row.isDirect),
    participantIds: typed.map((p) => p.id),
    lastMessageAt: iso(row.lastMessageAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    puzzleTitle: row.puzzleTitle,
    puzzlePieces: row.puzzlePieces,
    puzzleCondition: row.puzzleCondition,
    puzzleImageUrl: row.puzzleImageUrl,
    puzzleThumbnailUrl: thumbnailFor(row.puzzleImageUrl),
    unreadCount: Number(row.unreadCount),
    isNew: isThreadNew(row.lastMessageAt, now),
    lastMessage:
      row.lastCreatedAt === null || row.lastContent === null
        ? null
        : {
            content: preview(row.lastContent),
            senderId: row.lastSenderId,
            isSystemMessage: Boolean(row.lastIsSystem),
            createdAt: iso(row.lastCreatedAt),
          },
    otherParticipants: typed.filter((p) => p.id !== viewerId).map(toMemberPublic),
    sentByMe: Boolean(row.sentByMe),
  };
}
