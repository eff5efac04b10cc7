import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_TYPES,
  ACHIEVEMENTS,
  achievementNotice,
  EARNED_BY_PUBLISHING,
  earnedAchievements,
  FORMER_MEMBER_NAME,
  isFormerMemberName,
  isSafeReturnPath,
  memberDirectoryQuerySchema,
  memberDisplayName,
  memberProfilePatchSchema,
  parseMemberSearch,
  TEXT_SIZE_OPTIONS,
  type AchievementCounts,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

const none: AchievementCounts = {
  listingsPublished: 0,
  completedTrades: 0,
  rating: null,
  postsCreated: 0,
  likesReceived: 0,
};

describe('the achievement rules', () => {
  it('a publish earns First Listing and nothing else, and no rule counts listings beyond the first (a publish inserts what it earns without counting)', () => {
    expect(EARNED_BY_PUBLISHING).toEqual(['first_listing']);
    const records: AchievementCounts[] = [
      { listingsPublished: 0, completedTrades: 0, rating: null, postsCreated: 0, likesReceived: 0 },
      { listingsPublished: 0, completedTrades: 9, rating: 4.4, postsCreated: 3, likesReceived: 9 },
      { listingsPublished: 0, completedTrades: 12, rating: 5, postsCreated: 40, likesReceived: 30 },
    ];
    for (const record of records) {
      const withOne = earnedAchievements({ ...record, listingsPublished: 1 });
      expect(withOne).toEqual(
        [...new Set([...earnedAchievements(record), ...EARNED_BY_PUBLISHING])].sort(
          (a, b) => ACHIEVEMENT_TYPES.indexOf(a) - ACHIEVEMENT_TYPES.indexOf(b),
        ),
      );
      for (const listings of [2, 3, 5, 10, 25, 50, 100, 1000, 100_000]) {
        expect(earnedAchievements({ ...record, listingsPublished: listings })).toEqual(withOne);
      }
    }
  });

  it('a new member has earned nothing', () => {
    expect(earnedAchievements(none)).toEqual([]);
  });

  it('First Listing, First Trade, Five Trades, First Post and Helpful at their thresholds, not before', () => {
    expect(earnedAchievements({ ...none, listingsPublished: 1 })).toEqual(['first_listing']);
    expect(earnedAchievements({ ...none, completedTrades: 4 })).toEqual(['first_trade']);
    expect(earnedAchievements({ ...none, completedTrades: 5 })).toEqual(['first_trade', 'five_trades']);
    expect(earnedAchievements({ ...none, postsCreated: 1 })).toEqual(['first_post']);
    expect(earnedAchievements({ ...none, likesReceived: 9 })).toEqual([]);
    expect(earnedAchievements({ ...none, likesReceived: 10 })).toEqual(['helpful']);
  });

  it('Trusted Trader needs both 10 completed trades and a rating of 4.5 or more', () => {
    const trusted = (c: Partial<AchievementCounts>) => earnedAchievements({ ...none, ...c }).includes('trusted_trader');
    expect(trusted({ completedTrades: 10, rating: 4.5 })).toBe(true);
    expect(trusted({ completedTrades: 25, rating: 5 })).toBe(true);
    expect(trusted({ completedTrades: 9, rating: 5 })).toBe(false);
    expect(trusted({ completedTrades: 10, rating: 4.4 })).toBe(false);
    // No visible feedback yet ('New Member') is not a rating of 4.5.
    expect(trusted({ completedTrades: 10, rating: null })).toBe(false);
  });

  it('includes at least the six the contract names, each with a title, a description and a notice', () => {
    expect(ACHIEVEMENT_TYPES).toEqual([
      'first_listing',
      'first_trade',
      'five_trades',
      'trusted_trader',
      'first_post',
      'helpful',
    ]);
    expect(ACHIEVEMENT_TYPES.map((type) => ACHIEVEMENTS[type].title)).toEqual([
      'First Listing',
      'First Trade',
      'Five Trades',
      'Trusted Trader',
      'First Post',
      'Helpful',
    ]);
    expect(achievementNotice('helpful')).toEqual({
      title: 'Achievement unlocked: Helpful',
      message: 'Well done! Received 10 likes from other members in the forum.',
    });
  });
});

describe('the directory search', () => {
  it("reads 'Margaret H.' as a first name and an initial, and anything else as part of a first name", () => {
    expect(parseMemberSearch('Margaret H.')).toEqual({ firstName: 'margaret', initial: 'h' });
    expect(parseMemberSearch('  margaret   h ')).toEqual({ firstName: 'margaret', initial: 'h' });
    expect(parseMemberSearch('Mary Ann')).toEqual({ firstName: 'mary ann', initial: null });
    expect(parseMemberSearch('Hughes')).toEqual({ firstName: 'hughes', initial: null });
    expect(parseMemberSearch('H.')).toEqual({ firstName: '', initial: 'h' });
    expect(parseMemberSearch('Zoë É')).toEqual({ firstName: 'zoë', initial: 'é' });
  });

  it('takes q, town and page from the query string, page 1 by default', () => {
    expect(memberDirectoryQuerySchema.parse({})).toEqual({ page: 1 });
    expect(memberDirectoryQuerySchema.parse({ q: '  Ann ', town: ' York', page: '3' })).toEqual({
      q: 'Ann',
      town: 'York',
      page: 3,
    });
    expect(messageAt(memberDirectoryQuerySchema, { page: '0' }, 'page')).toBe(
      'Page must be a whole number of 1 or more',
    );
  });
});

describe('the member page settings', () => {
  it("keeps the product's limits: welcome message 200 and about me 500, blank text clears", () => {
    expect(accepts(memberProfilePatchSchema, { welcomeMessage: 'w'.repeat(200), aboutMe: 'a'.repeat(500) })).toBe(true);
    expect(messageAt(memberProfilePatchSchema, { welcomeMessage: 'w'.repeat(201) }, 'welcomeMessage')).toBe(
      'Welcome message must be at most 200 characters',
    );
    expect(messageAt(memberProfilePatchSchema, { aboutMe: 'a'.repeat(501) }, 'aboutMe')).toBe(
      'About me must be at most 500 characters',
    );
    expect(memberProfilePatchSchema.parse({ welcomeMessage: '   ' })).toEqual({ welcomeMessage: null });
    expect(memberProfilePatchSchema.parse({})).toEqual({});
  });

  it('offers three text sizes, Largest at least 1.25 times Standard', () => {
    expect(Object.values(TEXT_SIZE_OPTIONS).map((o) => o.label)).toEqual(['Standard', 'Large', 'Largest']);
    expect(TEXT_SIZE_OPTIONS.largest.scale / TEXT_SIZE_OPTIONS.standard.scale).toBeGreaterThanOrEqual(1.25);
  });
});

describe('where to return after joining', () => {
  it('is a path on this site and nothing else', () => {
    for (const path of ['/puzzle/12', '/browse-puzzles?q=cats&page=2', '/members/4#achievements']) {
      expect(isSafeReturnPath(path), path).toBe(true);
    }
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'puzzle/12',
      '/a b',
      `/${'x'.repeat(300)}`,
      '',
      42,
    ]) {
      expect(isSafeReturnPath(path), String(path)).toBe(false);
    }
  });
});

describe("a former member's name", () => {
  it('is the name a closed membership shows, and no member still in the club shows it', () => {
    // Closing stores FORMER_MEMBER_NAME as the first name and empties the last name.
    expect(isFormerMemberName(memberDisplayName(FORMER_MEMBER_NAME, null))).toBe(true);
    // A member's profile has a last name, so even this first name is followed by an initial.
    expect(isFormerMemberName(memberDisplayName(FORMER_MEMBER_NAME, 'Hughes'))).toBe(false);
    expect(isFormerMemberName(memberDisplayName('Margaret', 'Hughes'))).toBe(false);
    expect(isFormerMemberName(memberDisplayName(null, null))).toBe(false);
  });
});

describe('memberDisplayName', () => {
  it('trims NAME_SPACE at either end only and takes a whole code point as the initial', () => {
    expect(memberDisplayName('Margaret', 'hughes')).toBe('Margaret H.');
    expect(memberDisplayName('\u3000 Ann\u00A0Marie\uFEFF', '\t ölund \n')).toBe('Ann\u00A0Marie Ö.');
    expect(memberDisplayName(' \u2028 ', '😀x')).toBe('😀.');
    expect(memberDisplayName('\uD83D', '\uDE00')).toBe('\uD83D \uDE00.');
    expect(memberDisplayName('', '')).toBe('Member');
  });
});
