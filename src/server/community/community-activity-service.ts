import type { CommunityActivitiesQuery, CommunityActivityView } from '../../domain/community';
import type { ActivityType } from '../../domain/enums';
import type { DbOrTx } from '../db/client';
import { userActivities } from '../db/schema';
import { isoTime } from '../http/iso-time';
import { activityPage, POST_TARGET, REPLY_TARGET } from './community-activity-repository';
import { nameOf } from './community-views';

// The activity feed (docs/product/community.md#the-activity-feed): the public page, and the
// line a new post or reply adds to it.

export async function listActivities(db: DbOrTx, query: CommunityActivitiesQuery): Promise<CommunityActivityView[]> {
  const rows = await activityPage(db, query.page);
  return rows.map((row) => {
    const isReply = row.target_type === REPLY_TARGET;
    return {
      id: row.id,
      userId: row.user_id,
      userName: nameOf(row.user_id, row.first_name, row.last_name),
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
