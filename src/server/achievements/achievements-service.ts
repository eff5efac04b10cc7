import {
  ACHIEVEMENT_TYPES,
  ACHIEVEMENTS,
  achievementActivity,
  achievementNotice,
  EARNED_BY_PUBLISHING,
  earnedAchievements,
  type Achievement,
  type AchievementType,
} from '../../domain/achievements';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userActivities } from '../db/schema';
import { recordNotice, type Outbox } from '../notices/notices';
import {
  achievementState,
  achievementRows,
  insertNewAchievements,
  holdsAllSql,
  lockMemberForAchievements,
} from './achievements-repository';

// Achievements are unlocked by what members do (docs/product/members.md#achievements), in the transaction of the event
// that earns them: a listing going live, a trade completing, a rating changing, a forum post,
// a like. The rules are the domain's (src/domain/achievements.ts); this is the one door (a
// new listing's statement asks first whether its owner still needs it: holdsWhatPublishingEarns).

/** Where a member's achievements are shown: their own member page. */
export function achievementsPath(memberId: number): string {
  return `/members/${memberId}#achievements`;
}

/**
 * Unlocks what `memberId` has newly earned, inside the caller's transaction `tx`, and answers
 * the types it unlocked. Each new one gets a user_activities row and an in-app notification
 * (no e-mail: a badge is good news, not news to be mailed about) through `outbox`.
 *
 * Safe under concurrency: the member's row is locked before counting, so racing events count
 * one after another (the last sees them all), and the unique (member, type) constraint with
 * ON CONFLICT DO NOTHING means an achievement is inserted, and announced, exactly once.
 */
export async function unlockEarnedAchievements(
  tx: DbOrTx,
  memberId: number,
  outbox: Outbox,
  now: Date = new Date(),
): Promise<AchievementType[]> {
  const member = await lockMemberForAchievements(tx, memberId);
  if (!member) return [];
  const { counts, held } = await achievementState(tx, memberId);
  const earned = earnedAchievements(counts).filter((type) => !held.has(type));
  const inserted = await insertNewAchievements(
    tx,
    earned.map((type) => ({
      userId: memberId,
      achievementType: type,
      title: ACHIEVEMENTS[type].title,
      description: ACHIEVEMENTS[type].description,
      unlockedAt: now,
    })),
  );
  const unlocked = inserted.map((row) => row.achievementType as AchievementType);
  if (unlocked.length === 0) return [];

  await tx.insert(userActivities).values(
    inserted.map((row) => ({
      userId: memberId,
      activityType: 'achievement_unlocked' as const,
      targetType: 'achievement',
      targetId: row.id,
      description: achievementActivity(row.achievementType as AchievementType),
      createdAt: now,
    })),
  );
  await recordNotice(tx, outbox, {
    at: now,
    notifications: unlocked.map((type) => ({
      member: { id: memberId, email: member.email },
      tradeRequestId: null,
      type: 'achievement_unlocked',
      ...achievementNotice(type),
      link: { path: achievementsPath(memberId), label: 'See your achievements' },
      email: false,
    })),
  });
  return unlocked;
}

/**
 * Whether the member already holds all a listing going live can earn (EARNED_BY_PUBLISHING:
 * First Listing), as SQL for the new listing's own statement. A publish goes through the door
 * above only when they do not, in a transaction of its own after the listing's: once in a
 * member's life, so every other publish needs no transaction (decision 0015).
 */
export function holdsWhatPublishingEarns(memberId: number | Placeholder): SQL<boolean> {
  return holdsAllSql(memberId, EARNED_BY_PUBLISHING);
}

/** Each member in turn (in id order, the order trades lock members in), for an event that concerns several. */
export async function unlockEarnedAchievementsForEach(
  tx: DbOrTx,
  memberIds: number[],
  outbox: Outbox,
  now: Date = new Date(),
): Promise<void> {
  for (const id of [...new Set(memberIds)].sort((a, b) => a - b)) await unlockEarnedAchievements(tx, id, outbox, now);
}

const KNOWN = new Set<string>(ACHIEVEMENT_TYPES);

/** The member's achievements, for their member page, in the order they were earned. */
export async function memberAchievements(db: DbOrTx, memberId: number): Promise<Achievement[]> {
  const rows = await achievementRows(db, memberId);
  return rows
    .filter((row) => KNOWN.has(row.achievementType))
    .map((row) => {
      const type = row.achievementType as AchievementType;
      return {
        type,
        // Today's words for the badge: a reworded rule reads the same for everyone.
        title: ACHIEVEMENTS[type].title,
        description: ACHIEVEMENTS[type].description,
        unlockedAt: row.unlockedAt.toISOString(),
      };
    });
}
