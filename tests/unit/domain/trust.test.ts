import { describe, expect, it } from 'vitest';
import {
  arrivedIncomplete,
  awayBodySchema,
  awayProblem,
  AWAY_TOO_LONG_MESSAGE,
  AWAY_UNTIL_AFTER_FROM_MESSAGE,
  confirmDeliverySchema,
  isAway,
  missingPieceRefund,
  tradingRecordLines,
} from '../../../src/domain';

// docs/product/trust.md: the rules as pure functions.

const DAY = 24 * 60 * 60 * 1000;

describe('the missing-piece refund', () => {
  it('is the percent of the cost, rounded up, never more than the cost', () => {
    expect(missingPieceRefund(5, 50)).toBe(3);
    expect(missingPieceRefund(4, 50)).toBe(2);
    expect(missingPieceRefund(7, 30)).toBe(3);
    expect(missingPieceRefund(1, 1)).toBe(1);
    expect(missingPieceRefund(0, 50)).toBe(0);
    expect(missingPieceRefund(9, 0)).toBe(0);
    expect(missingPieceRefund(9, 100)).toBe(9);
  });

  it('applies only when more pieces are missing than the listing declared', () => {
    expect(arrivedIncomplete(null, 0)).toBe(false);
    expect(arrivedIncomplete(2, 2)).toBe(false);
    expect(arrivedIncomplete(3, 2)).toBe(true);
  });

  it('the body: a count goes with missing_pieces, and only with it', () => {
    expect(confirmDeliverySchema.safeParse({ arrived: 'missing_pieces', missingPieces: 2 }).success).toBe(true);
    expect(confirmDeliverySchema.safeParse({}).success).toBe(true);
    expect(confirmDeliverySchema.safeParse({ arrived: 'missing_pieces' }).success).toBe(false);
    expect(confirmDeliverySchema.safeParse({ arrived: 'as_described', missingPieces: 1 }).success).toBe(false);
  });
});

describe('away', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const member = { awayFrom: new Date('2026-03-01T00:00:00Z'), awayUntil: new Date('2026-03-12T00:00:00Z') };

  it('is in force from its start until, not at, its end', () => {
    expect(isAway(member, now)).toBe(true);
    expect(isAway(member, new Date('2026-02-28T23:59:59Z'))).toBe(false);
    expect(isAway(member, new Date(member.awayUntil.getTime() - 1))).toBe(true);
    expect(isAway(member, member.awayUntil)).toBe(false);
    expect(isAway({ awayFrom: null, awayUntil: null }, now)).toBe(false);
  });

  it('takes a day as midnight on the club clock; refuses a return before leaving or beyond 90 days', () => {
    const body = awayBodySchema.parse({ until: '2026-03-12' });
    expect(body.until.toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(awayBodySchema.safeParse({ until: 'soon' }).success).toBe(false);
    expect(awayProblem(now, new Date(now.getTime() + 90 * DAY), now)).toBeNull();
    expect(awayProblem(now, new Date(now.getTime() + 90 * DAY + 1), now)?.message).toBe(AWAY_TOO_LONG_MESSAGE);
    expect(awayProblem(now, now, now)?.message).toBe(AWAY_UNTIL_AFTER_FROM_MESSAGE);
  });
});

it('the record reads in words', () => {
  const record = {
    completedTrades: 12,
    sent: 10,
    sentOnTime: 9,
    notSent: 0,
    received: 10,
    arrivedAsDescribed: 10,
    arrivedIncomplete: 0,
    onTimeShippingDays: 3,
  };
  expect(tradingRecordLines(record)).toEqual([
    'Posted within 3 days: 9 of 10',
    'Arrived as described: 10 of 10',
    'Not posted in time: 0',
  ]);
  expect(tradingRecordLines({ ...record, onTimeShippingDays: 1 })[0]).toBe('Posted within 1 day: 9 of 10');
});
