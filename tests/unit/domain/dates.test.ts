import { describe, expect, it, vi } from 'vitest';
import {
  clubDayStart,
  formatClubDate,
  formatClubDateTime,
  formatClubDay,
  formatClubDayOrDate,
  formatClubMonthYear,
  formatClubWeekday,
} from '../../../src/domain/dates';
import { waitsFor } from '../../../src/domain/trades';

// Issue 14: one date format throughout, '3 Dec 2026', on London's calendar.
describe('the club’s dates', () => {
  it('writes day, short month and year, September as Sep, in London time', () => {
    expect(formatClubDate('2026-12-03T10:00:00Z')).toBe('3 Dec 2026');
    expect(formatClubDate('2026-09-03T10:00:00Z')).toBe('3 Sep 2026');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(formatClubDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
    expect(formatClubDay('2026-12-03T10:00:00Z')).toBe('3 Dec');
    expect(formatClubDateTime('2026-12-03T14:30:00Z')).toBe('3 Dec 2026 at 14:30');
  });

  // Browse's cards load this module and show no date: each formatter costs a slow phone a
  // couple of milliseconds, so none is made until a date is written.
  it('makes its formatters when a date is first written, not as the module loads', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const dates = await import('../../../src/domain/dates');
      expect(made).toBe(0);
      expect(dates.formatClubDateTime('2026-12-03T14:30:00Z')).toBe('3 Dec 2026 at 14:30');
      expect(made).toBe(2);
      expect(dates.formatClubDateTime('2026-12-04T09:05:00Z')).toBe('4 Dec 2026 at 09:05');
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });

  it('leaves the year out within the same year only', () => {
    expect(formatClubDayOrDate('2026-12-03T10:00:00Z', '2026-12-20T10:00:00Z')).toBe('3 Dec');
    expect(formatClubDayOrDate('2025-12-03T10:00:00Z', '2026-01-02T10:00:00Z')).toBe('3 Dec 2025');
  });
});

describe('waitsFor: whose move a trade is (My Trades opens on that tab)', () => {
  it('is the owner’s to answer and send, the requester’s to confirm', () => {
    expect(waitsFor('pending', 'owner')).toBe(true);
    expect(waitsFor('accepted', 'owner')).toBe(true);
    expect(waitsFor('shipped', 'owner')).toBe(false);
    expect(waitsFor('shipped', 'requester')).toBe(true);
    expect(waitsFor('pending', 'requester')).toBe(false);
    expect(waitsFor('completed', 'owner')).toBe(false);
  });
});

describe("the club's clock, whatever the machine's", () => {
  it('reads weekdays and months on London time', () => {
    // 23:30 UTC on Friday 5 June 2026 is 00:30 on Saturday in London (summer time).
    expect(formatClubWeekday('2026-06-05T23:30:00Z')).toBe('Sat');
    expect(formatClubWeekday('2026-01-09T23:30:00Z')).toBe('Fri');
    expect(formatClubMonthYear('2026-05-31T23:30:00Z')).toBe('June 2026');
    expect(formatClubMonthYear('2026-01-31T23:30:00Z')).toBe('January 2026');
  });

  it('starts a club day at midnight in London, across the changes of the clocks', () => {
    expect(clubDayStart('2026-01-15')?.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(clubDayStart('2026-07-15')?.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(clubDayStart('2026-07-15', true)?.toISOString()).toBe('2026-07-15T23:00:00.000Z');
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October.
    expect(clubDayStart('2026-03-29')?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(clubDayStart('2026-03-30')?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(clubDayStart('2026-10-25')?.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(clubDayStart('2026-10-26')?.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(clubDayStart('not a day')).toBeUndefined();
    expect(clubDayStart('')).toBeUndefined();
  });
});
