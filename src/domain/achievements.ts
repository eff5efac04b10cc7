// Achievements (docs/product/members.md#achievements): what a member has done, shown as
// badges on their member page. Each is earned once, by a rule over the member's counts. The
// server reads the counts in the transaction of the event that may earn one and unlocks
// what the rules say (src/server/achievements/); the migration that introduced them awarded
// existing members by the same rules in SQL (0014_members_achievements_backfill.sql, which
// tests/api/members-achievements.test.ts holds to this table).

import { z } from 'zod';

/** What the rules look at: the member's record as the club counts it. */
export type AchievementCounts = {
  /** Listings that ever went live (published at least once). */
  listingsPublished: number;
  /** The member's completed trades (users.completed_trades). */
  completedTrades: number;
  /** The average of the visible feedback received, to one decimal; null for none ('New Member'). */
  rating: number | null;
  /** Forum posts written. */
  postsCreated: number;
  /** Likes other members gave the member's forum posts and replies. */
  likesReceived: number;
};

export const FIVE_TRADES = 5;
export const TRUSTED_TRADER_TRADES = 10;
export const TRUSTED_TRADER_RATING = 4.5;
export const HELPFUL_LIKES = 10;

type AchievementRule = {
  title: string;
  /** What the member did, as the badge and the notification say it. */
  description: string;
  earned: (counts: AchievementCounts) => boolean;
};

/** Every achievement, in the order the member page shows them. */
export const ACHIEVEMENTS = {
  first_listing: {
    title: 'First Listing',
    description: 'Put a first puzzle on the club for others to enjoy.',
    earned: (c) => c.listingsPublished >= 1,
  },
  first_trade: {
    title: 'First Trade',
    description: 'Completed a first trade with another member.',
    earned: (c) => c.completedTrades >= 1,
  },
  five_trades: {
    title: 'Five Trades',
    description: `Completed ${FIVE_TRADES} trades.`,
    earned: (c) => c.completedTrades >= FIVE_TRADES,
  },
  trusted_trader: {
    title: 'Trusted Trader',
    description: `Completed ${TRUSTED_TRADER_TRADES} trades with a rating of ${TRUSTED_TRADER_RATING} or more.`,
    earned: (c) => c.completedTrades >= TRUSTED_TRADER_TRADES && c.rating !== null && c.rating >= TRUSTED_TRADER_RATING,
  },
  first_post: {
    title: 'First Post',
    description: 'Started a first conversation in the community forum.',
    earned: (c) => c.postsCreated >= 1,
  },
  helpful: {
    title: 'Helpful',
    description: `Received ${HELPFUL_LIKES} likes from other members in the forum.`,
    earned: (c) => c.likesReceived >= HELPFUL_LIKES,
  },
} as const satisfies Record<string, AchievementRule>;

export type AchievementType = keyof typeof ACHIEVEMENTS;
export const ACHIEVEMENT_TYPES = Object.keys(ACHIEVEMENTS) as [AchievementType, ...AchievementType[]];

/** The achievements these counts earn, in the table's order. */
export function earnedAchievements(counts: AchievementCounts): AchievementType[] {
  return ACHIEVEMENT_TYPES.filter((type) => ACHIEVEMENTS[type].earned(counts));
}

const NOTHING_YET: AchievementCounts = {
  listingsPublished: 0,
  completedTrades: 0,
  rating: null,
  postsCreated: 0,
  likesReceived: 0,
};

/**
 * What a listing going live can earn, whatever the member's record: the rules that a first
 * published listing alone satisfies. No rule counts listings beyond the first (a unit test holds
 * this), so a member who holds these has nothing more to earn by publishing, and a new listing's
 * statement only asks whether they do (docs/decisions/0015, 'A new listing going live asks first').
 */
export const EARNED_BY_PUBLISHING: readonly AchievementType[] = earnedAchievements({
  ...NOTHING_YET,
  listingsPublished: 1,
}).filter((type) => !ACHIEVEMENTS[type].earned(NOTHING_YET));

/** The notification a member gets for a new achievement. */
export function achievementNotice(type: AchievementType): { title: string; message: string } {
  const { title, description } = ACHIEVEMENTS[type];
  return { title: `Achievement unlocked: ${title}`, message: `Well done! ${description}` };
}

/** The line in the activity feed ('Earned the First Trade achievement'). */
export function achievementActivity(type: AchievementType): string {
  return `Earned the ${ACHIEVEMENTS[type].title} achievement`;
}

// ---------------------------------------------------------------------------------------
// Answers

/** An achievement a member has earned, on their member page. */
export const achievementViewSchema = z
  .object({
    type: z.enum(ACHIEVEMENT_TYPES),
    title: z.string(),
    description: z.string(),
    unlockedAt: z.string(),
  })
  .meta({ id: 'Achievement' });
export type Achievement = z.output<typeof achievementViewSchema>;
