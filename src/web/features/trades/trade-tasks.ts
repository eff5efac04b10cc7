import type { Trade } from '../../../domain/trades';

// What the dashboard's 'What to do next' card lists: every trade waiting on this member.
// Pure, so it is unit-tested without a browser (tests/unit/web-trade-tasks.test.ts).

export interface TradeTask {
  trade: Trade;
  text: string;
}

/** Every trade waiting on this member, in the order the work comes: answer, post, confirm, rate. */
export function tradesWaitingOn(owned: Trade[], requested: Trade[]): TradeTask[] {
  const name = (t: Trade) => t.otherPartyName ?? 'a member';
  const title = (t: Trade) => `“${t.listing.title}”`;
  return [
    ...owned
      .filter((t) => t.status === 'pending')
      .map((t) => ({ trade: t, text: `Answer ${name(t)}'s request for ${title(t)}` })),
    ...owned.filter((t) => t.status === 'accepted').map((t) => ({ trade: t, text: `Post ${title(t)} to ${name(t)}` })),
    ...requested
      .filter((t) => t.status === 'shipped')
      .map((t) => ({ trade: t, text: `Tell us when ${title(t)} arrives` })),
    ...[...owned, ...requested]
      .filter((t) => t.canLeaveFeedback)
      .map((t) => ({ trade: t, text: `Leave feedback for ${name(t)} about ${title(t)}` })),
  ];
}
