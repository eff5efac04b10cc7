// Message threads (docs/product/messages.md): bodies for sending, the 'New' rule, the list's
// time label and the unread badge.

import { z } from 'zod';
import { formatClubDay, formatClubTime, formatClubWeekday } from './dates';
import { MESSAGE_MAX, NEW_THREAD_HOURS, THREAD_SUBJECT_MAX, WEEKDAY_FORMAT_HOURS } from './constants';
import { LISTING_CONDITIONS } from './enums';
import { memberPublicSchema } from './members';
import { idField, requiredText } from './fields';

const HOUR_MS = 60 * 60 * 1000;

export const MESSAGE_EMPTY_MESSAGE = 'Message cannot be empty';
export const SUBJECT_REQUIRED_MESSAGE = 'Subject is required';
export const INITIAL_MESSAGE_REQUIRED_MESSAGE = 'Initial message is required';

export const messageContentField = requiredText('Message', MESSAGE_MAX, MESSAGE_EMPTY_MESSAGE);

// Body of POST /message-threads/{threadId}/messages.
export const messageContentSchema = z.object({ content: messageContentField });
export type MessageContent = z.output<typeof messageContentSchema>;

export const createThreadSchema = z.object({
  subject: requiredText('Subject', THREAD_SUBJECT_MAX, SUBJECT_REQUIRED_MESSAGE),
  puzzleListingId: idField('Puzzle listing'),
  recipientId: idField('Recipient'),
  initialMessage: requiredText('Message', MESSAGE_MAX, INITIAL_MESSAGE_REQUIRED_MESSAGE),
});
export type CreateThreadBody = z.output<typeof createThreadSchema>;

// Body of POST /message-threads/direct: a message to a member from their page.
export const directMessageSchema = createThreadSchema.pick({ recipientId: true, initialMessage: true });
export type DirectMessageBody = z.output<typeof directMessageSchema>;

export const MESSAGE_YOURSELF_MESSAGE = 'You cannot send a message to yourself';

export const contactSubjectFor = (title: string): string => `Question about: ${title}`;

type DateInput = Date | string | number;

// A last message from the future (clock skew between machines) still counts as new.
export function isThreadNew(lastMessageAt: DateInput | null | undefined, now: DateInput = new Date()): boolean {
  if (lastMessageAt === null || lastMessageAt === undefined) return false;
  const age = new Date(now).getTime() - new Date(lastMessageAt).getTime();
  return age < NEW_THREAD_HOURS * HOUR_MS;
}

// Under 24 h the time, under 168 h the short weekday, otherwise month and day.
export function formatMessageTime(date: DateInput, now: DateInput = new Date()): string {
  const when = new Date(date);
  const age = new Date(now).getTime() - when.getTime();
  if (age < NEW_THREAD_HOURS * HOUR_MS) return formatClubTime(when);
  if (age < WEEKDAY_FORMAT_HOURS * HOUR_MS) return formatClubWeekday(when);
  return formatClubDay(when);
}

// ---------------------------------------------------------------------------------------
// Answers. A participant appears only as id and 'First L.' (the public member view).

export const threadViewSchema = z
  .object({
    id: z.number(),
    subject: z.string(),
    puzzleListingId: z.number().nullable(),
    tradeRequestId: z.number().nullable(),
    /** Two members' own conversation, started from a member's page (no puzzle). */
    isDirect: z.boolean(),
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
    /** docs/product/messages.md#the-messages-page: the last message is under 24 hours old. */
    isNew: z.boolean(),
    /** A one-line preview of the last message. */
    lastMessage: z
      .object({
        content: z.string(),
        senderId: z.number().nullable(),
        isSystemMessage: z.boolean(),
        createdAt: z.string(),
      })
      .nullable(),
    /** Everyone in the thread but the member asking. */
    otherParticipants: z.array(memberPublicSchema),
    /** The member has written at least one message here (the Sent tab). */
    sentByMe: z.boolean(),
  })
  .meta({ id: 'MessageThread' });
export type MessageThread = z.output<typeof threadViewSchema>;

export const messageViewSchema = z
  .object({
    id: z.number(),
    threadId: z.number(),
    senderId: z.number().nullable(),
    /** 'First L.'; null for a system message. */
    senderName: z.string().nullable(),
    content: z.string(),
    isSystemMessage: z.boolean(),
    /** Participants who have read it. */
    readBy: z.array(z.number()),
    createdAt: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.output<typeof messageViewSchema>;
