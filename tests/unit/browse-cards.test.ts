import { describe, expect, it } from 'vitest';
import { BrowseCards } from '../../src/server/listings/browse-cards';

describe('BrowseCards', () => {
  it('holds what it keeps and forgets what changed', () => {
    const cards = new BrowseCards();
    cards.keep(
      [
        { id: 1, card: '{"id":1}' },
        { id: 2, card: '{"id":2}' },
      ],
      cards.epoch,
    );
    expect(cards.get(1)).toBe('{"id":1}');
    cards.forget([1]);
    expect(cards.get(1)).toBeUndefined();
    expect(cards.get(2)).toBe('{"id":2}');
  });

  it('does not keep cards read before a change was applied: they may predate it', () => {
    const cards = new BrowseCards();
    const epoch = cards.epoch;
    cards.forget([7]); // a change applied while the read was under way
    cards.keep([{ id: 7, card: '{"id":7,"title":"old"}' }], epoch);
    expect(cards.get(7)).toBeUndefined();
    cards.keep([{ id: 7, card: '{"id":7,"title":"new"}' }], cards.epoch);
    expect(cards.get(7)).toBe('{"id":7,"title":"new"}');
  });

  it('keeps the rest of a read when other listings changed meanwhile', () => {
    const cards = new BrowseCards();
    const epoch = cards.epoch;
    cards.forget([8]); // another listing's change, applied while the read was under way
    cards.keep(
      [
        { id: 7, card: '{"id":7}' },
        { id: 8, card: '{"id":8,"title":"old"}' },
      ],
      epoch,
    );
    expect(cards.get(7)).toBe('{"id":7}');
    expect(cards.get(8)).toBeUndefined();
  });

  it('keeps nothing of a read older than the forgotten ids it still remembers', () => {
    const cards = new BrowseCards();
    const epoch = cards.epoch;
    cards.forget(Array.from({ length: 10_000 }, (_, i) => 100_000 + i));
    cards.forget([8]); // past what it remembers: it starts afresh from here
    cards.keep([{ id: 7, card: '{"id":7}' }], epoch);
    expect(cards.get(7)).toBeUndefined();
    cards.keep([{ id: 7, card: '{"id":7}' }], cards.epoch);
    expect(cards.get(7)).toBe('{"id":7}');
  });

  it('keeps within its budget of characters, the oldest going first', () => {
    const cards = new BrowseCards(20);
    cards.keep(
      [
        { id: 1, card: 'x'.repeat(10) },
        { id: 2, card: 'y'.repeat(10) },
      ],
      cards.epoch,
    );
    expect(cards.full).toBe(true);
    cards.keep([{ id: 3, card: 'z'.repeat(10) }], cards.epoch);
    expect([cards.get(1), cards.get(2), cards.get(3)]).toEqual([undefined, 'y'.repeat(10), 'z'.repeat(10)]);
    expect(cards.size).toBe(2);
  });
});
