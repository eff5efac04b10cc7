// The forum (posts, replies, likes) and the community activity feed.
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES, COMMUNITY_CATEGORIES } from '../../../domain/enums';
import { createdAt, descending, idColumn, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const communityPosts = pgTable(
  'community_posts',
  {
    id: idColumn(),
    // Null once the author has left the club: the post stays, by 'a former member'.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // What a search tests (title and content, lower case), kept by PostgreSQL: lower() on
    // every post a search passes cost ten times the LIKE itself (docs/performance.md, "The forum").
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${communityPosts.title} || ' ' || ${communityPosts.content})`),
    category: text('category', { enum: COMMUNITY_CATEGORIES }).notNull().default('general'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Up to 4 photos from POST /uploads, in the author's order.
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    // Removed by its author while it had replies: kept so the conversation still reads.
    deletedAt: timestamptz('deleted_at'),
    // Removed by an administrator (not its author): it reads 'removed by the club team'.
    removedByTeam: boolean('removed_by_team').notNull().default(false),
    // Hidden after three members' reports (or by an admin): only admins see it.
    hiddenAt: timestamptz('hidden_at'),
    // Counters kept by the app in the same transaction as the row they count.
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('community_posts_category_check', oneOf(t.category, COMMUNITY_CATEGORIES)),
    check('community_posts_tags_max_5', sql`cardinality(${t.tags}) <= 5`),
    check(
      'community_posts_counters_non_negative',
      sql`${t.viewCount} >= 0 AND ${t.likeCount} >= 0 AND ${t.replyCount} >= 0`,
    ),
    check('community_posts_images_max_4', sql`cardinality(${t.imageUrls}) <= 4`),
    // The post list: pinned first, then most recent activity (id breaks ties), optionally per
    // category. Members' lists leave hidden posts out: the partial indexes serve them.
    index('community_posts_list_idx').on(descending(t.isPinned), descending(t.lastActivityAt), descending(t.id)),
    index('community_posts_category_list_idx').on(
      t.category,
      descending(t.isPinned),
      descending(t.lastActivityAt),
      descending(t.id),
    ),
    index('community_posts_visible_list_idx')
      .on(descending(t.isPinned), descending(t.lastActivityAt), descending(t.id))
      .where(sql`hidden_at IS NULL`),
    index('community_posts_visible_category_list_idx')
      .on(t.category, descending(t.isPinned), descending(t.lastActivityAt), descending(t.id))
      .where(sql`hidden_at IS NULL`),
    // Search: title and content, case-insensitive, by trigram (as browse's search), with the
    // category beside it (btree_gin, migration 0020) so that a word in one category is looked
    // up there only, not in every post that holds it (docs/performance.md, 'The forum').
    index('community_posts_category_search_text_idx').using('gin', t.category, t.searchText.op('gin_trgm_ops')),
    index('community_posts_user_id_idx').on(t.userId),
    // The member home's 'Latest forum posts' (stats-repository.ts memberContent): the newest
    // three, read from the top of this index instead of sorting every post (12 ms at 10,000).
    index('community_posts_created_idx').on(descending(t.createdAt), descending(t.id)),
  ],
);

export const communityReplies = pgTable(
  'community_replies',
  {
    id: idColumn(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    // Null once the author has left the club: the reply stays, by 'a former member'.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    // A reply to a reply; removing the parent removes the sub-thread.
    parentReplyId: integer('parent_reply_id'),
    likeCount: integer('like_count').notNull().default(0),
    isEdited: boolean('is_edited').notNull().default(false),
    // Removed by its author: kept as 'This reply was removed by its author' (others may answer it).
    deletedAt: timestamptz('deleted_at'),
    // Removed by an administrator (not its author): it reads 'removed by the club team'.
    removedByTeam: boolean('removed_by_team').notNull().default(false),
    // Hidden after three members' reports (or by an admin): only admins see it.
    hiddenAt: timestamptz('hidden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'community_replies_parent_reply_id_fk',
      columns: [t.parentReplyId],
      foreignColumns: [t.id],
    }).onDelete('cascade'),
    check('community_replies_like_count_non_negative', sql`${t.likeCount} >= 0`),
    // A post's replies in order (ids grow with time), and 'new since id N' counts.
    index('community_replies_post_id_id_idx').on(t.postId, t.id),
    index('community_replies_user_id_idx').on(t.userId),
    index('community_replies_parent_reply_id_idx').on(t.parentReplyId),
  ],
);

/** A like on exactly one post or one reply; a member likes each thing at most once. */
export const communityLikes = pgTable(
  'community_likes',
  {
    id: idColumn(),
    // Null once the member has left: the like still counts (the counters equal a recount).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('community_likes_one_target', sql`num_nonnulls(${t.postId}, ${t.replyId}) = 1`),
    uniqueIndex('community_likes_user_post_unique')
      .on(t.userId, t.postId)
      .where(sql`post_id IS NOT NULL`),
    uniqueIndex('community_likes_user_reply_unique')
      .on(t.userId, t.replyId)
      .where(sql`reply_id IS NOT NULL`),
    index('community_likes_post_id_idx').on(t.postId),
    index('community_likes_reply_id_idx').on(t.replyId),
  ],
);

/** The community activity feed ('+N points' badges). */
export const userActivities = pgTable(
  'user_activities',
  {
    id: idColumn(),
    // Null once the member has left: the feed shows 'a former member'.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    activityType: text('activity_type', { enum: ACTIVITY_TYPES }).notNull(),
    targetId: integer('target_id'),
    targetType: text('target_type'),
    description: text('description').notNull(),
    points: integer('points').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('user_activities_activity_type_check', oneOf(t.activityType, ACTIVITY_TYPES)),
    index('user_activities_public_created_at_idx')
      .on(descending(t.createdAt))
      .where(sql`is_public`),
    index('user_activities_user_created_at_idx').on(t.userId, descending(t.createdAt)),
  ],
);

/** Where a member has read a post up to: 'N new replies' and 'Go to the first new reply'. */
export const communityPostReads = pgTable(
  'community_post_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    /** The newest reply id when the member last opened the post (0: none then). */
    lastReadReplyId: integer('last_read_reply_id').notNull().default(0),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('community_post_reads_post_id_idx').on(t.postId)],
);

/** One view per member per post per day: view_count is the number of these rows. */
export const communityPostViews = pgTable(
  'community_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    // Null once the member has left: the view still counts.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The calendar day (UTC) of the view. */
    viewedOn: date('viewed_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('community_post_views_post_user_day_unique').on(t.postId, t.userId, t.viewedOn),
    index('community_post_views_user_id_idx').on(t.userId),
  ],
);

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Free text (e.g. 'first_trade'): new achievements need no migration.
    achievementType: text('achievement_type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    iconUrl: text('icon_url'),
    unlockedAt: timestamptz('unlocked_at').notNull().defaultNow(),
    isVisible: boolean('is_visible').notNull().default(true),
  },
  (t) => [unique('user_achievements_user_type_unique').on(t.userId, t.achievementType)],
);

export type CommunityPost = typeof communityPosts.$inferSelect;
export type NewCommunityPost = typeof communityPosts.$inferInsert;
export type CommunityReply = typeof communityReplies.$inferSelect;
export type NewCommunityReply = typeof communityReplies.$inferInsert;
export type CommunityLike = typeof communityLikes.$inferSelect;
export type NewCommunityLike = typeof communityLikes.$inferInsert;
export type UserActivity = typeof userActivities.$inferSelect;
export type NewUserActivity = typeof userActivities.$inferInsert;
export type CommunityPostRead = typeof communityPostReads.$inferSelect;
export type CommunityPostView = typeof communityPostViews.$inferSelect;
export type UserAchievement = typeof userAchievements.$inferSelect;
export type NewUserAchievement = typeof userAchievements.$inferInsert;
