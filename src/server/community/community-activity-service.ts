import type { CommunityActivitiesQuery, CommunityActivityView } from '../../domain/community';
import type { ActivityType } from '../../domain/enums';
import type { DbOrTx } from '../db/client';
import { userActivities } from '../db/schema';
import { isoTime } from '../http/iso-time';
import { activityPage, POST_TARGET, REPLY_TARGET } from './community-activity-repository';
import { nameOf } from './community-views';

// The activity feed (docs/product/community.md#the-activity-feed): the public page, and the
// line a new post or reply adds to it.

/** How the activity feed names a member who keeps their profile private. */
export const PRIVATE_MEMBER_NAME = 'A member';

export async function listActivities(db: DbOrTx, query: CommunityActivitiesQuery): Promise<CommunityActivityView[]> {
  const rows = await activityPage(db, query.page);
  return rows.map((row) => {
    const isReply = row.target_type === REPLY_TARGET;
    // A member with a private profile is not named, nor linked, in the feed (decision 0028).
    const named = row.profile_public;
    return {
      id: row.id,
      userId: named ? row.user_id : null,
      userName: named ? nameOf(row.user_id, row.first_name, row.last_name) : PRIVATE_MEMBER_NAME,
      activityType: row.activity_type as ActivityType,
      description: row.description,
      points: row.points,
      targetId: isReply ? row.reply_post_id : row.target_id,
      targetType: isReply ? POST_TARGET : row.target_type,
      createdAt: isoTime(row.created_at),
    };
  });
}

export async function addActivity(
  tx: DbOrTx,
  values: { userId: number; type: ActivityType; target: { type: string; id: number }; description: string; at: Date },
): Promise<void> {
  await tx.insert(userActivities).values({
    userId: values.userId,
    activityType: values.type,
    targetType: values.target.type,
    targetId: values.target.id,
    description: values.description,
    createdAt: values.at,
  });
}
