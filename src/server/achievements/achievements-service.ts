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
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userActivities, type NewUserAchievement } from '../db/schema';
import { recordNotice, type Outbox } from '../notices/notices';
import {
  achievementState,
  achievementRows,
  insertNewAchievements,
  lockMemberForAchievements,
  newAchievementsInsert,
  type InsertedAchievement,
} from './achievements-repository';

export type { InsertedAchievement };

// Achievements are unlocked by what members do (docs/product/members.md#achievements), in the transaction of the event
// that earns them: a listing going live, a trade completing, a rating changing, a forum post,
// a like. The rules are the domain's (src/domain/achievements.ts); this is the one door, and
// a publish, which can earn only First Listing, carries that insert in its answer's statement
// (publishingAchievementsInsert).

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
  const inserted = await insertNewAchievements(tx, newRows(memberId, earned, now));
  return announceUnlocked(
    tx,
    inserted.map((row) => ({
      id: row.id,
      userId: memberId,
      achievementType: row.achievementType,
      email: member.email,
    })),
    outbox,
    now,
  );
}

function newRows(memberId: number, types: readonly AchievementType[], now: Date): NewUserAchievement[] {
  return types.map((type) => ({
    userId: memberId,
    achievementType: type,
    title: ACHIEVEMENTS[type].title,
    description: ACHIEVEMENTS[type].description,
    unlockedAt: now,
  }));
}

/**
 * What a listing going live earns (First Listing), as a statement for the publish to carry in
 * its answer's (a CTE). It needs no counts and no lock: a first published listing alone earns it
 * (EARNED_BY_PUBLISHING) and the unique (member, type) constraint inserts it once whatever races.
 * Pass the rows it returned to `announceUnlocked` in the same transaction.
 */
export function publishingAchievementsInsert(memberId: number, now: Date): SQL {
  return newAchievementsInsert(newRows(memberId, EARNED_BY_PUBLISHING, now));
}

/**
 * Each newly inserted achievement gets its user_activities row and an in-app notification (no
 * e-mail: a badge is good news, not news to be mailed about); answers their types.
 */
export async function announceUnlocked(
  tx: DbOrTx,
  inserted: InsertedAchievement[],
  outbox: Outbox,
  now: Date,
): Promise<AchievementType[]> {
  if (inserted.length === 0) return [];
  await tx.insert(userActivities).values(
    inserted.map((row) => ({
      userId: row.userId,
      activityType: 'achievement_unlocked' as const,
      targetType: 'achievement',
      targetId: row.id,
      description: achievementActivity(row.achievementType as AchievementType),
      createdAt: now,
    })),
  );
  await recordNotice(tx, outbox, {
    at: now,
    notifications: inserted.map((row) => ({
      member: { id: row.userId, email: row.email },
      tradeRequestId: null,
      type: 'achievement_unlocked',
      ...achievementNotice(row.achievementType as AchievementType),
      link: { path: achievementsPath(row.userId), label: 'See your achievements' },
      email: false,
    })),
  });
  return inserted.map((row) => row.achievementType as AchievementType);
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
