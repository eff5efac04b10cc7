// How numbers and dates read on screen (docs/product/screens.md#numbers-and-dates-on-screen). Pages use these rather than
// formatting inline, so one wording holds across the club.
import { differenceInHours, format } from 'date-fns';
import { formatClubDate, formatClubDateTime, formatClubDay, formatClubTime } from '../../domain/dates';

type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** The unread badge text: the count, '9+' above 9, and nothing at all at 0. */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** What a screen reader hears for the unread badge. */
export function unreadMessagesLabel(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

/** '1 PuzzlePoint', '5 PuzzlePoints'. */
export function formatPuzzlePoints(points: number): string {
  return `${points} PuzzlePoint${points === 1 ? '' : 's'}`;
}

/** '1,000 pieces'. */
export function formatPieces(pieces: number): string {
  return `${pieces.toLocaleString('en-GB')} piece${pieces === 1 ? '' : 's'}`;
}

/** Member since: the long month and year in en-GB, 'March 2024'. */
export function formatMemberSince(date: DateInput): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(toDate(date));
}

/** Community dates: '5 Mar 2024' (the club's one date format, src/domain/dates.ts). */
export function formatCommunityDate(date: DateInput): string {
  return formatClubDate(date);
}

/** Activity dates: '5 Mar 2024 at 14:30'. */
export function formatActivityDate(date: DateInput): string {
  return formatClubDateTime(date);
}

/**
 * Message times: under 24 hours the time, under 7 days (168 hours) the short weekday,
 * otherwise month and day.
 */
export function formatMessageTime(date: DateInput, now: Date = new Date()): string {
  const when = toDate(date);
  const hours = differenceInHours(now, when);
  if (hours < 24) return formatClubTime(when);
  if (hours < 168) return format(when, 'EEE');
  return formatClubDay(when);
}

/** A thread is New when its last message is under 24 hours old. */
export function isRecentMessage(date: DateInput, now: Date = new Date()): boolean {
  return now.getTime() - toDate(date).getTime() < 24 * 60 * 60 * 1000;
}
