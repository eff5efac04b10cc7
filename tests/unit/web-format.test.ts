import { describe, expect, it } from 'vitest';
import {
  formatActivityDate,
  formatCommunityDate,
  formatMemberSince,
  formatPuzzlePoints,
  formatUnreadBadge,
  unreadMessagesLabel,
} from '../../src/web/lib/format';

describe('unread badge', () => {
  it('is hidden at 0, shows the count up to 9 and 9+ above', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(9)).toBe('9');
    expect(formatUnreadBadge(10)).toBe('9+');
    expect(formatUnreadBadge(250)).toBe('9+');
  });

  it('reads out the exact count', () => {
    expect(unreadMessagesLabel(1)).toBe('1 unread message');
    expect(unreadMessagesLabel(12)).toBe('12 unread messages');
  });
});

describe('the formats on screen', () => {
  const date = new Date(2024, 2, 5, 14, 30);

  it('formats community and activity dates', () => {
    expect(formatCommunityDate(date)).toBe('5 Mar 2024');
    expect(formatActivityDate(date)).toBe('5 Mar 2024 at 14:30');
  });

  it('shows member since as the long month and year', () => {
    expect(formatMemberSince(date)).toBe('March 2024');
  });

  it('names PuzzlePoints in the singular for one', () => {
    expect(formatPuzzlePoints(1)).toBe('1 PuzzlePoint');
    expect(formatPuzzlePoints(5)).toBe('5 PuzzlePoints');
  });
});
