import { and, eq, sql } from 'drizzle-orm';
import { COMMUNITY_ACTIVITIES_PAGE_SIZE } from '../../domain/community';
import { queryRows, type DbOrTx } from '../db/client';
import { userActivities } from '../db/schema';

// The activity feed's rows (docs/product/community.md#the-activity-feed): the public page, and
// a post's or reply's line shown, left out or removed as the item is.

export type ActivityRow = {
  id: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  /** False when the member keeps their profile private: the feed does not name them. */
  profile_public: boolean;
  activity_type: string;
  description: string;
  points: number;
  target_id: number | null;
  target_type: string | null;
  reply_post_id: number | null;
  created_at: Date | string;
};

/**
 * The public feed, newest first, 50 a page. A reply's line names its post ('Replied to
 * "<title>"'), so it leaves the feed while that post is hidden or removed, whatever became of
 * the reply (the reply's own removal or hiding sets its line's is_public).
 */
export function activityPage(db: DbOrTx, page: number): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db,
    sql`SELECT a.id, a.user_id, u.first_name, u.last_name, coalesce(mp.is_profile_public, true) AS profile_public,
               a.activity_type, a.description, a.points,
               a.target_id, a.target_type, x.post_id AS reply_post_id, a.created_at
          FROM user_activities a
          LEFT JOIN users u ON u.id = a.user_id
          LEFT JOIN member_profiles mp ON mp.user_id = a.user_id
          LEFT JOIN community_replies x ON a.target_type = ${REPLY_TARGET} AND x.id = a.target_id
          LEFT JOIN community_posts xp ON xp.id = x.post_id
         WHERE a.is_public AND xp.hidden_at IS NULL AND xp.deleted_at IS NULL
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT ${COMMUNITY_ACTIVITIES_PAGE_SIZE} OFFSET ${(page - 1) * COMMUNITY_ACTIVITIES_PAGE_SIZE}`,
  );
}

export const POST_TARGET = 'community_post';
export const REPLY_TARGET = 'community_reply';

/** Shows or leaves out of the feed the activity of a post or reply (removed, hidden, shown again). */
export async function setActivityPublic(
  tx: DbOrTx,
  target: { type: typeof POST_TARGET | typeof REPLY_TARGET; id: number },
  isPublic: boolean,
): Promise<void> {
  await tx
    .update(userActivities)
    .set({ isPublic })
    .where(and(eq(userActivities.targetType, target.type), eq(userActivities.targetId, target.id)));
}

export async function deleteActivity(
  tx: DbOrTx,
  target: { type: typeof POST_TARGET | typeof REPLY_TARGET; id: number },
): Promise<void> {
  await tx
    .delete(userActivities)
    .where(and(eq(userActivities.targetType, target.type), eq(userActivities.targetId, target.id)));
}
