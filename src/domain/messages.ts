// Message threads (spec sections 5 and 9): bodies for sending, the 'New' rule, the list's
// time label and the unread badge.

import { z } from 'zod';
import { format } from 'date-fns';
import { MESSAGE_MAX, NEW_THREAD_HOURS, THREAD_SUBJECT_MAX, WEEKDAY_FORMAT_HOURS } from './constants';
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
  if (age < NEW_THREAD_HOURS * HOUR_MS) return format(when, 'h:mm a');
  if (age < WEEKDAY_FORMAT_HOURS * HOUR_MS) return format(when, 'EEE');
  return format(when, 'MMM d');
}

export function unreadBadgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}
