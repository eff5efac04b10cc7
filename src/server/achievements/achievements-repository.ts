import { asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AchievementCounts } from '../../domain/achievements';
import { queryRows, type DbOrTx } from '../db/client';
import { userAchievements, users, type NewUserAchievement, type UserAchievement } from '../db/schema';

// Achievements as rows. The counts are read-only looks at other features' tables (listings,
// the forum's posts and likes) for one member; the rows are this room's own.

/**
 * Locks the member's row (FOR NO KEY UPDATE, which leaves foreign-key checks of new rows
 * pointing at the member free) until the transaction ends: events that may earn the same
 * member an achievement then count one after another, and the last to count sees all the
 * others, committed. Answers the e-mail the notice goes to, or null for no such member.
 */
export async function lockMemberForAchievements(tx: DbOrTx, memberId: number): Promise<{ email: string } | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, memberId)).for('no key update');
  return row ?? null;
}

/**
 * The member's counts, as the rules read them, and the achievements they already hold. A
 * statement of its own after the lock: under READ COMMITTED it sees everything committed
 * before it started, including the work of a transaction that held the lock a moment ago.
 * What they hold comes in the same statement, so a publish that earns nothing new (most do)
 * writes nothing (docs/performance.md, "Publishing with Wanted").
 */
export async function achievementState(
  tx: DbOrTx,
  memberId: number,
): Promise<{ counts: AchievementCounts; held: Set<string> }> {
  const [row] = await queryRows<{
    listingsPublished: number | string;
    completedTrades: number;
    rating: number | null;
    postsCreated: number | string;
    likesReceived: number | string;
    held: string[];
  }>(
    tx,
    sql`SELECT
          (SELECT count(*) FROM puzzle_listings l
            WHERE l.user_id = u.id AND l.published_at IS NOT NULL) AS "listingsPublished",
          u.completed_trades AS "completedTrades",
          NULLIF(u.trading_reputation, 0) AS rating,
          (SELECT count(*) FROM community_posts p WHERE p.user_id = u.id) AS "postsCreated",
          (SELECT count(*) FROM community_likes k JOIN community_posts p ON p.id = k.post_id
            WHERE p.user_id = u.id)
          + (SELECT count(*) FROM community_likes k JOIN community_replies r ON r.id = k.reply_id
              WHERE r.user_id = u.id) AS "likesReceived",
          ARRAY(SELECT a.achievement_type::text FROM user_achievements a WHERE a.user_id = u.id) AS held
        FROM users u WHERE u.id = ${memberId}`,
  );
  if (!row) {
    return {
      counts: { listingsPublished: 0, completedTrades: 0, rating: null, postsCreated: 0, likesReceived: 0 },
      held: new Set(),
    };
  }
  return {
    counts: {
      listingsPublished: Number(row.listingsPublished),
      completedTrades: Number(row.completedTrades),
      rating: row.rating === null ? null : Number(row.rating),
      postsCreated: Number(row.postsCreated),
      likesReceived: Number(row.likesReceived),
    },
    held: new Set(row.held),
  };
}

/** Whether the member holds every one of `types`, as SQL for the caller's statement. */
export function holdsAllSql(memberId: number | Placeholder, types: readonly string[]): SQL<boolean> {
  return sql<boolean>`((SELECT count(*) FROM ${userAchievements} a
    WHERE a.user_id = ${memberId} AND a.achievement_type = ANY(${`{${types.join(',')}}`}::text[])) = ${types.length})`;
}

/** Inserts what is not there yet; answers only the rows this call inserted (one per member and type, whatever races it). */
export async function insertNewAchievements(tx: DbOrTx, rows: NewUserAchievement[]): Promise<UserAchievement[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(userAchievements)
    .values(rows)
    .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementType] })
    .returning();
}

/** The member's visible achievements, in the order they were earned. */
export function achievementRows(db: DbOrTx, memberId: number): Promise<UserAchievement[]> {
  return db
    .select()
    .from(userAchievements)
    .where(sql`${userAchievements.userId} = ${memberId} AND ${userAchievements.isVisible}`)
    .orderBy(asc(userAchievements.unlockedAt), asc(userAchievements.id));
}
