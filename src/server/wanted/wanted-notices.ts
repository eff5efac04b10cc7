import { formatClubDateTime } from '../../domain/dates';
import { plural } from '../../domain/sentences';
import type { Notice } from '../notices/notices';

// What Wanted tells members (docs/product/wanted.md#what-members-are-told): one function per
// notice, used for the bell and the e-mail alike (the notices path sends the e-mail).

type Member = { id: number; email: string };
type Notification = NonNullable<Notice['notifications']>[number];

const puzzleLink = (listingId: number) => ({ path: `/puzzle/${listingId}`, label: 'See the puzzle' });

/** A newly live listing matched the member's saved searches (one notice however many matched). */
export function wantedMatchNotice(
  member: Member,
  listing: { id: number; title: string },
  searchNames: string[],
  email: boolean,
): Notification {
  const which =
    searchNames.length === 1 ? `your saved search “${searchNames[0]}”` : `${searchNames.length} of your saved searches`;
  return {
    member,
    tradeRequestId: null,
    type: 'wanted_match',
    title: `A puzzle you are looking for: ${listing.title}`,
    message: `“${listing.title}” has just been listed and matches ${which}.`,
    link: puzzleLink(listing.id),
    email,
  };
}

/** The member is offered a listing first, with how many points they are short, if any. */
export function wishOfferNotice(
  member: Member,
  listing: { id: number; title: string; puzzlePoints: number },
  until: Date,
  balance: number,
): Notification {
  const short = listing.puzzlePoints - balance;
  const points =
    short > 0
      ? ` It costs ${plural(listing.puzzlePoints, 'PuzzlePoint')}: you need ${plural(short, 'more PuzzlePoint')} to request it.`
      : '';
  return {
    member,
    tradeRequestId: null,
    type: 'wish_offer',
    title: `Offered to you first: ${listing.title}`,
    message:
      `“${listing.title}”, which is on your wish list, has just been listed. It is kept for you until ` +
      `${formatClubDateTime(until)}: request it before then, or pass to let the next member in line have it.${points}`,
    link: puzzleLink(listing.id),
    // The offer has a clock: it is e-mailed whatever the member's alert choices.
    email: true,
  };
}
