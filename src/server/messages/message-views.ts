import { z } from 'zod';
import { LISTING_CONDITIONS } from '../../domain/enums';
import { isThreadNew } from '../../domain/messages';
import { thumbnailUrlFor } from '../uploads/image-store';

// The shapes of the messaging answers. Built from explicit column lists, and the response
// schemas strip anything else: a participant appears only as id and 'First L.' (never an
// e-mail or address), as listings show their owners.

/** The list row's preview of the last message: enough for one line, not the whole letter. */
export const PREVIEW_MAX = 120;

const participantSchema = z.object({ id: z.number(), name: z.string() });

export const threadViewSchema = z.object({
  id: z.number(),
  subject: z.string(),
  puzzleListingId: z.number().nullable(),
  tradeRequestId: z.number().nullable(),
  /** Ascending ids. */
  participantIds: z.array(z.number()),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  puzzleTitle: z.string().nullable(),
  puzzlePieces: z.number().nullable(),
  puzzleCondition: z.enum(LISTING_CONDITIONS).nullable(),
  puzzleImageUrl: z.string().nullable(),
  puzzleThumbnailUrl: z.string().nullable(),
  /** Messages from others (or the system) after the member last read this thread. */
  unreadCount: z.number(),
  /** Spec §9: the last message is under 24 hours old. */
  isNew: z.boolean(),
  lastMessage: z
    .object({
      content: z.string(),
      senderId: z.number().nullable(),
      isSystemMessage: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Everyone in the thread but the member asking. */
  otherParticipants: z.array(participantSchema),
  /** The member has written at least one message here (the Sent tab). */
  sentByMe: z.boolean(),
});
export type ThreadView = z.infer<typeof threadViewSchema>;

export const messageViewSchema = z.object({
  id: z.number(),
  threadId: z.number(),
  senderId: z.number().nullable(),
  /** 'First L.'; null for a system message. */
  senderName: z.string().nullable(),
  content: z.string(),
  isSystemMessage: z.boolean(),
  /** Participants who have read it (their lastReadAt is at or after it). */
  readBy: z.array(z.number()),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

type Time = Date | string;
export const iso = (value: Time): string => (value instanceof Date ? value : new Date(value)).toISOString();

export type ThreadRow = {
  id: number;
  subject: string;
  puzzleListingId: number | null;
  tradeRequestId: number | null;
  lastMessageAt: Time;
  createdAt: Time;
  updatedAt: Time;
  puzzleTitle: string | null;
  puzzlePieces: number | null;
  puzzleCondition: ThreadView['puzzleCondition'];
  puzzleImageUrl: string | null;
  unreadCount: number | string;
  sentByMe: boolean;
  lastContent: string | null;
  lastSenderId: number | null;
  lastIsSystem: boolean | null;
  lastCreatedAt: Time | null;
  participants: Array<{ id: number; firstName: string | null; lastName: string | null }> | string;
};

/** 'Margaret H.': first name and last initial, as listings show owners; 'Member' when unknown. */
export function memberShortName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? '';
  const initial = lastName?.trim().charAt(0).toUpperCase() ?? '';
  if (!first) return initial ? `${initial}.` : 'Member';
  return initial ? `${first} ${initial}.` : first;
}

/** Our own uploads have a thumbnail beside them; an image from elsewhere stands in for its own. */
function thumbnailFor(url: string | null): string | null {
  if (!url) return null;
  return /^\/uploads\/[\w-]+\.webp$/.test(url) ? thumbnailUrlFor(url) : url;
}

export function preview(content: string): string {
  const oneLine = content.replace(/\s+/g, ' ').trim();
  return oneLine.length <= PREVIEW_MAX ? oneLine : `${oneLine.slice(0, PREVIEW_MAX - 1).trimEnd()}…`;
}

export function toThreadView(row: ThreadRow, viewerId: number, now: Date = new Date()): ThreadView {
  // json_agg arrives parsed from node-postgres and PGlite alike; a string is parsed defensively.
  const participants = typeof row.participants === 'string' ? JSON.parse(row.participants) : row.participants;
  const typed = participants as Array<{ id: number; firstName: string | null; lastName: string | null }>;
  return {
    id: row.id,
    subject: row.subject,
    puzzleListingId: row.puzzleListingId,
    tradeRequestId: row.tradeRequestId,
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
    otherParticipants: typed
      .filter((p) => p.id !== viewerId)
      .map((p) => ({ id: p.id, name: memberShortName(p.firstName, p.lastName) })),
    sentByMe: Boolean(row.sentByMe),
  };
}
