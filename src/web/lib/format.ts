// How numbers and dates read on screen (docs/product/screens.md#numbers-and-dates-on-screen). Pages use these rather than
// formatting inline, so one wording holds across the club.
import { formatClubDate, formatClubDateTime, formatClubMonthYear } from '../../domain/dates';
import { plural } from '../../domain/sentences';

type DateInput = Date | string | number;

/** The unread badge text: the count, '9+' above 9, and nothing at all at 0. */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** What a screen reader hears for the unread badge. */
export function unreadMessagesLabel(count: number): string {
  return plural(count, 'unread message');
}

/** '1 PuzzlePoint', '5 PuzzlePoints'. */
export function formatPuzzlePoints(points: number): string {
  return plural(points, 'PuzzlePoint');
}

/** '1,000 pieces'. */
export function formatPieces(pieces: number): string {
  return plural(pieces, 'piece');
}

/** Member since: the long month and year in en-GB, 'March 2024'. */
export function formatMemberSince(date: DateInput): string {
  return formatClubMonthYear(date);
}

/** Community dates: '5 Mar 2024' (the club's one date format, src/domain/dates.ts). */
export function formatCommunityDate(date: DateInput): string {
  return formatClubDate(date);
}

/** Activity dates: '5 Mar 2024 at 14:30'. */
export function formatActivityDate(date: DateInput): string {
  return formatClubDateTime(date);
}
