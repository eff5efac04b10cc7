import {
  REMOVED_POST_BY_TEAM_TEXT,
  REMOVED_POST_TEXT,
  REMOVED_REPLY_BY_TEAM_TEXT,
  REMOVED_REPLY_TEXT,
  type CommunityPostView,
  type CommunityReplyView,
} from '../../domain/community';
import { FORMER_MEMBER_NAME, memberDisplayName } from '../../domain/members';
import { EVERY_MEMBER } from '../events/event-bus';
import { isoTime } from '../http/iso-time';
import type { PostRow, Viewer } from './community-repository';
import type { ReplyRow } from './community-replies-repository';

// How posts and replies are answered (a removed one keeps its place with the product's words,
// a member who left is named as one), and the live event that tells every member's open forum
// page to read again (docs/product/community.md#live).

export const nameOf = (userId: number | null, first: string | null, last: string | null) =>
  userId === null ? FORMER_MEMBER_NAME : memberDisplayName(first, last);
export const communityEvent = (postId: number) => ({
  userIds: [EVERY_MEMBER],
  event: { type: 'community' as const, data: { postId } },
});

export function toPostView(row: PostRow): CommunityPostView {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    userId: row.user_id,
    userName: nameOf(row.user_id, row.first_name, row.last_name),
    title: deleted ? (row.removed_by_team ? REMOVED_POST_BY_TEAM_TEXT : REMOVED_POST_TEXT) : row.title,
    content: deleted ? '' : row.content,
    category: row.category,
    tags: deleted ? [] : row.tags,
    imageUrls: deleted ? [] : row.image_urls,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    isEdited: row.is_edited,
    isDeleted: deleted,
    isHidden: row.hidden_at !== null,
    viewCount: row.view_count,
    likeCount: row.like_count,
    replyCount: row.reply_count,
    likedByMe: row.liked_by_me,
    ...(row.new_replies === null ? {} : { newReplies: Number(row.new_replies) }),
    lastActivityAt: isoTime(row.last_activity_at),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export function toReplyView(row: ReplyRow): CommunityReplyView {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    userName: nameOf(row.user_id, row.first_name, row.last_name),
    content: deleted ? (row.removed_by_team ? REMOVED_REPLY_BY_TEAM_TEXT : REMOVED_REPLY_TEXT) : row.content,
    parentReplyId: row.parent_reply_id,
    parentUserName: row.parent_exists ? nameOf(row.parent_user_id, row.parent_first_name, row.parent_last_name) : null,
    likeCount: row.like_count,
    likedByMe: row.liked_by_me,
    isEdited: row.is_edited,
    isDeleted: deleted,
    isHidden: row.hidden_at !== null,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export const viewerOf = (member: { id: number; isAdmin: boolean }): Viewer => ({
  id: member.id,
  isAdmin: member.isAdmin,
});
