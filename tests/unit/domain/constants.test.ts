import { describe, expect, it } from 'vitest';
import * as domain from '../../../src/domain';

describe('business constants', () => {
  it('points', () => {
    expect(domain.WELCOME_GIFT_POINTS).toBe(5);
    expect([domain.LISTING_POINTS_MIN, domain.LISTING_POINTS_MAX, domain.LISTING_POINTS_STANDARD]).toEqual([1, 25, 5]);
  });

  it('pieces', () => {
    expect([domain.PROFILE_PIECES_INPUT_MIN, domain.PROFILE_PIECES_MAX]).toEqual([50, 10000]);
    expect([domain.PROFILE_MIN_PIECES_DEFAULT, domain.PROFILE_MAX_PIECES_DEFAULT]).toEqual([100, 5000]);
    expect(domain.LISTING_PIECES_MAX).toBe(50000);
  });

  it('sort options, newest first and default', () => {
    expect(domain.SORT_OPTIONS).toEqual([
      'newest',
      'oldest',
      'title-asc',
      'title-desc',
      'pieces-asc',
      'pieces-desc',
      'points-asc',
      'points-desc',
      'manufacturer',
      'year-newest',
      'year-oldest',
      'distance',
    ]);
    expect(domain.DEFAULT_SORT).toBe('newest');
    for (const s of domain.SORT_OPTIONS) expect(domain.SORT_LABELS[s]).toMatch(/\S/);
  });

  it('filter placeholders', () => {
    expect(domain.FILTER_PLACEHOLDERS).toMatchObject({
      search: 'Search puzzles by title, artist, manufacturer, or description...',
      minPieces: '0',
      maxPieces: '10000',
      maxPoints: '1000',
      maxDistance: '50',
    });
  });

  it('time, cache, toast and layout numbers', () => {
    expect([domain.NEW_THREAD_HOURS, domain.WEEKDAY_FORMAT_HOURS]).toEqual([24, 168]);
    expect([
      domain.WELCOME_SPARKLE_MS,
      domain.NEW_USER_REDIRECT_MS,
      domain.AUTO_LOGIN_REDIRECT_MS,
      domain.REGISTRATION_SUCCESS_REDIRECT_MS,
    ]).toEqual([3000, 500, 1000, 250]);
    expect([domain.TOAST_LIMIT, domain.TOAST_DURATION_MS, domain.TOAST_REMOVE_DELAY_MS]).toEqual([1, 5000, 1000000]);
    expect([domain.TOAST_SWIPE_DIRECTION, domain.TOAST_SWIPE_THRESHOLD_PX, domain.TOAST_HOTKEY[0]]).toEqual([
      'right',
      50,
      'F8',
    ]);
    expect([domain.THREAD_LIST_HEIGHT_PX, domain.MY_LISTINGS_HEIGHT_PX]).toEqual([600, 800]);
    expect(domain.BROWSE_SKELETON_COUNT).toBe(6);
  });

  it('admin thresholds, footer and paging', () => {
    expect([
      domain.POINTS_BADGE_HIGH,
      domain.POINTS_BADGE_MEDIUM,
      domain.HIGH_BALANCE_MIN,
      domain.STANDARD_BALANCE,
    ]).toEqual([20, 10, 15, 5]);
    expect(domain.MIN_MEMBER_AGE).toBe(50);
    expect([domain.BROWSE_PAGE_SIZE, domain.BROWSE_PAGE_SIZE_MAX]).toEqual([24, 100]);
  });

  it('trade, token and session durations', () => {
    const day = 24 * 60 * 60 * 1000;
    expect([domain.TRADE_AUTO_COMPLETE_DAYS, domain.TRADE_PENDING_EXPIRY_DAYS]).toEqual([21, 7]);
    expect(domain.FEEDBACK_VISIBLE_AFTER_MS).toBe(14 * day);
    expect(domain.VERIFY_TOKEN_TTL_MS).toBe(day);
    expect(domain.RESET_TOKEN_TTL_MS).toBe(day / 24);
    expect(domain.LOGIN_LINK_TOKEN_TTL_MS).toBe(day / 24);
    expect(domain.REMEMBER_ME_SESSION_MS).toBe(30 * day);
    expect(domain.SESSION_IDLE_MS).toBe(day);
    expect([domain.FAILED_SIGN_IN_LIMIT, domain.FAILED_SIGN_IN_WINDOW_MS]).toEqual([10, 15 * 60 * 1000]);
  });
});

describe('labels', () => {
  it('conditions, statuses, preferences and categories read as the product shows', () => {
    expect(domain.CONDITION_LABELS).toEqual({
      new: 'New',
      like_new: 'Like New',
      very_good: 'Very Good',
      good: 'Good',
      fair: 'Fair',
    });
    expect(domain.STATUS_LABELS.active).toBe('Live');
    expect(domain.PREFERRED_DIFFICULTY_LABELS).toEqual({
      any: 'Any',
      beginner: 'Beginner (100-500 pieces)',
      intermediate: 'Intermediate (500-1000 pieces)',
      advanced: 'Advanced (1000+ pieces)',
    });
    expect(domain.CATEGORY_LABELS).toEqual({
      general: 'General Discussion',
      tips: 'Tips & Tricks',
      showcase: 'Puzzle Showcase',
      help: 'Help & Support',
    });
    expect(domain.SETTING_CATEGORIES).toEqual(['trading', 'platform', 'notifications', 'security']);
    for (const d of domain.LISTING_DIFFICULTIES) expect(domain.DIFFICULTY_LABELS[d]).toMatch(/\S/);
  });
});
