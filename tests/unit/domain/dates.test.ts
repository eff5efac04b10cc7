import { describe, expect, it } from 'vitest';
import { formatClubDate, formatClubDateTime, formatClubDay, formatClubDayOrDate } from '../../../src/domain/dates';
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
