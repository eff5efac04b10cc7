import { describe, expect, it } from 'vitest';
import type { TradeStatus } from '../../src/domain/enums';
import { tradesWaitingOn } from '../../src/web/features/trades/trade-tasks';
import type { Trade } from '../../src/domain/trades';

// The dashboard's 'What to do next' card: which trades wait on the member, in what words and
// in what order (answer, post, confirm, rate).

let nextId = 1;
function trade(role: 'owner' | 'requester', status: TradeStatus, extra: Partial<Trade> = {}): Trade {
  const id = nextId++;
  return {
    id,
    status,
    role,
    otherPartyName: role === 'owner' ? 'Rita R.' : 'Olive O.',
    listing: { id: 100 + id, title: `Puzzle ${id}` },
    canLeaveFeedback: false,
    ...extra,
  } as Trade;
}

describe('tradesWaitingOn', () => {
  it('is empty when nothing waits on the member', () => {
    expect(tradesWaitingOn([], [])).toEqual([]);
    const quiet = [
      trade('owner', 'shipped'),
      trade('owner', 'disputed'),
      trade('owner', 'completed'),
      trade('owner', 'declined'),
      trade('owner', 'expired'),
    ];
    const waitingOnOthers = [
      trade('requester', 'pending'),
      trade('requester', 'accepted'),
      trade('requester', 'disputed'),
      trade('requester', 'completed'),
      trade('requester', 'cancelled'),
      trade('requester', 'refunded'),
    ];
    expect(tradesWaitingOn(quiet, waitingOnOthers)).toEqual([]);
  });

  it('asks the owner to answer a pending request and post an accepted one', () => {
    const pending = trade('owner', 'pending', { listing: { title: 'Lighthouse at Dusk' } as Trade['listing'] });
    const accepted = trade('owner', 'accepted', { otherPartyName: 'Colin W.' });
    const tasks = tradesWaitingOn([accepted, pending], []);
    expect(tasks.map((t) => t.text)).toEqual([
      "Answer Rita R.'s request for “Lighthouse at Dusk”",
      `Post “Puzzle ${accepted.id}” to Colin W.`,
    ]);
    expect(tasks.map((t) => t.trade)).toEqual([pending, accepted]);
  });

  it('asks the requester to confirm a puzzle on its way', () => {
    const shipped = trade('requester', 'shipped');
    expect(tradesWaitingOn([], [shipped])).toEqual([
      { trade: shipped, text: `Tell us when “Puzzle ${shipped.id}” arrives` },
    ]);
  });

  it('asks either party for feedback they can still leave, last', () => {
    const ownerSide = trade('owner', 'completed', { canLeaveFeedback: true });
    const requesterSide = trade('requester', 'completed', { canLeaveFeedback: true });
    const rated = trade('requester', 'completed', { canLeaveFeedback: false });
    const pending = trade('owner', 'pending');
    const shipped = trade('requester', 'shipped');
    const tasks = tradesWaitingOn([ownerSide, pending], [rated, requesterSide, shipped]);
    expect(tasks.map((t) => t.trade.id)).toEqual([pending.id, shipped.id, ownerSide.id, requesterSide.id]);
    expect(tasks[2]!.text).toBe(`Leave feedback for Rita R. about “Puzzle ${ownerSide.id}”`);
    expect(tasks[3]!.text).toBe(`Leave feedback for Olive O. about “Puzzle ${requesterSide.id}”`);
  });

  it("says 'a member' when the other party's name is unknown", () => {
    const t = trade('owner', 'pending', { otherPartyName: null });
    expect(tradesWaitingOn([t], [])[0]!.text).toBe(`Answer a member's request for “Puzzle ${t.id}”`);
  });
});
