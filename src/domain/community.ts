// The forum (docs/product/community.md, docs/api/community.md): bodies, queries, answers.

import { z } from 'zod';
import { ACTIVITY_TYPES, COMMUNITY_CATEGORIES, REPORT_REASONS } from './enums';
import {
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  REPLY_MAX,
  REPLY_MIN,
  REPORT_DETAILS_MAX,
} from './constants';
import { POST_SEARCH_MAX } from './community-list';
import { idField, optionalText, pageParam, queryParam, requiredText, textField, tooLong } from './fields';

export const POST_TITLE_MIN_MESSAGE = 'Title must be at least 5 characters';
export const POST_CONTENT_MIN_MESSAGE = 'Content must be at least 10 characters';
export const REPLY_MIN_MESSAGE = 'Reply must be at least 5 characters';

const category = z.enum(COMMUNITY_CATEGORIES, {
  error: `Category must be one of: ${COMMUNITY_CATEGORIES.join(', ')}`,
});

export const postSchema = z.object({
  title: requiredText('Title', POST_TITLE_MAX, POST_TITLE_MIN_MESSAGE, POST_TITLE_MIN),
  content: requiredText('Content', POST_CONTENT_MAX, POST_CONTENT_MIN_MESSAGE, POST_CONTENT_MIN),
  category: category.default('general'),
  tags: z
    .array(
      textField('A tag', 'Tags must be text')
        .trim()
        .min(1, { error: 'Tags cannot be empty' })
        .max(30, { error: tooLong('A tag', 30) }),
      { error: 'Tags must be a list' },
    )
    .max(POST_TAGS_MAX, { error: `You can add at most ${POST_TAGS_MAX} tags` })
    .default([]),
});
export type PostBody = z.output<typeof postSchema>;

export const POST_FORM_DEFAULTS = { title: '', content: '', category: 'general', tags: [] } as const;

export const replySchema = z.object({
  content: requiredText('Reply', REPLY_MAX, REPLY_MIN_MESSAGE, REPLY_MIN),
  parentReplyId: idField('Parent reply').nullish(),
});
export type ReplyBody = z.output<typeof replySchema>;

export const postsQuerySchema = z.object({ category: category.optional() });

export const LIKE_TARGET_MESSAGE = 'Like either a post or a reply';

// Exactly one target: {postId} or {replyId}.
export const likeSchema = z
  .object({ postId: idField('Post').optional(), replyId: idField('Reply').optional() })
  .refine((v) => (v.postId === undefined) !== (v.replyId === undefined), {
    error: LIKE_TARGET_MESSAGE,
  });
export type LikeBody = z.output<typeof likeSchema>;

// ---------------------------------------------------------------------------------------
// The rest of the bodies, the queries and the answers.
//
// The paths, page sizes and search length live in a Zod-free file for the page's list.
export {
  communityPostPath,
  communityReplyPath,
  COMMUNITY_ACTIVITIES_PAGE_SIZE,
  COMMUNITY_POSTS_PAGE_SIZE,
  POST_SEARCH_MAX,
} from './community-list';
export const POST_IMAGES_MAX = 4;

/** A deleted post that still has replies keeps its place with this title and text. */
export const REMOVED_POST_TEXT = 'This post was removed by its author';
/** A deleted reply keeps its place (others may answer it) with this text. */
export const REMOVED_REPLY_TEXT = 'This reply was removed by its author';
/** The same, when an administrator removed it (decision 0027). */
export const REMOVED_POST_BY_TEAM_TEXT = 'This post was removed by the club team';
export const REMOVED_REPLY_BY_TEAM_TEXT = 'This reply was removed by the club team';

/**
 * `DELETE /community/posts/{id}` and `/community/replies/{id}` take `?note=`: an
 * administrator's word to the author, told to them with the removal (decision 0027). Ignored
 * when members remove their own writing, as nobody is told then.
 */
export const removalQuerySchema = z.object({ note: optionalText('Note', 500) });

export const POST_LOCKED_MESSAGE = 'This post is locked, so new replies cannot be added.';
export const POST_REMOVED_MESSAGE = 'This post was removed, so new replies cannot be added.';
export const OWN_LIKE_MESSAGE = 'You cannot like your own post or reply.';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this. Thank you.';
export const OWN_REPORT_MESSAGE = 'You cannot report your own post or reply.';
export const REPORT_THANKS_MESSAGE = 'Thank you for telling us. An administrator will take a look.';
export const POST_RATE_LIMIT_MESSAGE =
  'You have started a lot of posts in the last hour. Please wait a little while before starting another one.';
export const REPLY_RATE_LIMIT_MESSAGE =
  'You have posted a lot of replies in the last hour. Please wait a little while before replying again.';
export const PARENT_REPLY_MESSAGE = 'The reply you are answering is not part of this post';
export const FLAG_TARGET_MESSAGE = 'Report either a post or a reply';
export const NOTHING_TO_CHANGE_MESSAGE = 'Nothing to change: send a title, content, category, tags or photos';

// Uploaded images live under our own path; absolute http(s) URLs are allowed for seeded data.
const postImageUrl = textField('Photo', 'Photo must be an uploaded image URL')
  .trim()
  .max(500, { error: 'Photo URL must be at most 500 characters' })
  .refine((url) => /^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url), {
    error: 'Photo must be an uploaded image URL',
  });
const postImageUrls = z
  .array(postImageUrl, { error: 'Photos must be a list' })
  .max(POST_IMAGES_MAX, { error: `You can add at most ${POST_IMAGES_MAX} photos` });

/** POST /community/posts: the fields of docs/product/community.md#posts, with up to 4 photos (urls from POST /uploads). */
export const createPostSchema = postSchema.extend({ imageUrls: postImageUrls.default([]) });
export type CreatePostBody = z.output<typeof createPostSchema>;
export type CreatePostInput = z.input<typeof createPostSchema>;

/** PATCH /community/posts/{id}: any of the fields; at least one. */
export const updatePostSchema = z
  .object({
    title: postSchema.shape.title.optional(),
    content: postSchema.shape.content.optional(),
    category: category.optional(),
    tags: postSchema.shape.tags.unwrap().optional(),
    imageUrls: postImageUrls.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: NOTHING_TO_CHANGE_MESSAGE });
export type UpdatePostBody = z.output<typeof updatePostSchema>;

/** PATCH /community/replies/{id}. */
export const updateReplySchema = z.object({ content: replySchema.shape.content });
export type UpdateReplyBody = z.output<typeof updateReplySchema>;

/** POST /community/posts/{id}/pin (admins). */
export const pinPostSchema = z.object({ isPinned: z.boolean({ error: 'isPinned must be true or false' }) });
export type PinPostBody = z.output<typeof pinPostSchema>;

/** POST /community/posts/{id}/lock (admins). */
export const lockPostSchema = z.object({ isLocked: z.boolean({ error: 'isLocked must be true or false' }) });
export type LockPostBody = z.output<typeof lockPostSchema>;

/** POST /community/flags: exactly one target, one of the report reasons (docs/product/community.md#reports-flags). */
export const flagSchema = z
  .object({
    postId: idField('Post').optional(),
    replyId: idField('Reply').optional(),
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    details: optionalText('Details', REPORT_DETAILS_MAX),
  })
  .refine((v) => (v.postId === undefined) !== (v.replyId === undefined), { error: FLAG_TARGET_MESSAGE });
export type FlagBody = z.output<typeof flagSchema>;

/** GET /community/posts?category=&q=&page= (20 a page, page from 1). */
export const communityPostsQuerySchema = z.object({
  category: z.preprocess(queryParam, category.optional()),
  q: z.preprocess(
    queryParam,
    textField('Search')
      .max(POST_SEARCH_MAX, { error: `Search must be at most ${POST_SEARCH_MAX} characters` })
      .optional(),
  ),
  page: pageParam(),
});
export type CommunityPostsQuery = z.output<typeof communityPostsQuerySchema>;

/** GET /community/activities?page= (50 a page, page from 1; 'Load more' asks for the next). */
export const communityActivitiesQuerySchema = z.object({ page: pageParam() });
export type CommunityActivitiesQuery = z.output<typeof communityActivitiesQuerySchema>;

// ---------------------------------------------------------------------------------------
// Answers

/** A post as the list and the side panel show it. */
export const communityPostViewSchema = z
  .object({
    id: z.number(),
    /** null when the author has left the club (userName is then FORMER_MEMBER_NAME). */
    userId: z.number().nullable(),
    /** 'Margaret H.' */
    userName: z.string(),
    /** REMOVED_POST_TEXT's title (REMOVED_POST_BY_TEAM_TEXT when an admin removed it) and no content when isDeleted. */
    title: z.string(),
    content: z.string(),
    category: z.enum(COMMUNITY_CATEGORIES),
    tags: z.array(z.string()),
    /** Up to 4 photo URLs ('/uploads/….webp'), in the author's order. */
    imageUrls: z.array(z.string()),
    isPinned: z.boolean(),
    isLocked: z.boolean(),
    isEdited: z.boolean(),
    /** Removed by its author but kept because it has replies; no like, edit or reply then. */
    isDeleted: z.boolean(),
    /** Hidden after reports (or by an admin); only admins ever receive hidden posts. */
    isHidden: z.boolean(),
    viewCount: z.number(),
    likeCount: z.number(),
    replyCount: z.number(),
    likedByMe: z.boolean(),
    /** Replies since the member last opened the post; absent if the member never opened it. */
    newReplies: z.number().optional(),
    lastActivityAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CommunityPost' });
export type CommunityPostView = z.output<typeof communityPostViewSchema>;

/** GET /community/posts/{id}: the post, plus where the member had read up to before this visit. */
export const communityPostDetailSchema = communityPostViewSchema
  .extend({
    /** The first reply posted since the member last opened the post ('Go to the first new reply'); null when none or first visit. */
    firstNewReplyId: z.number().nullable(),
  })
  .meta({ id: 'CommunityPostDetail' });
export type CommunityPostDetail = z.output<typeof communityPostDetailSchema>;

/** One reply (the list is flat, oldest first; parentUserName gives 'in reply to Margaret H.'). */
export const communityReplyViewSchema = z
  .object({
    id: z.number(),
    postId: z.number(),
    userId: z.number().nullable(),
    userName: z.string(),
    /** REMOVED_REPLY_TEXT (REMOVED_REPLY_BY_TEAM_TEXT when an admin removed it) when isDeleted. */
    content: z.string(),
    parentReplyId: z.number().nullable(),
    /** The parent reply's author name; null without a parent. */
    parentUserName: z.string().nullable(),
    likeCount: z.number(),
    likedByMe: z.boolean(),
    isEdited: z.boolean(),
    isDeleted: z.boolean(),
    isHidden: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CommunityReply' });
export type CommunityReplyView = z.output<typeof communityReplyViewSchema>;

/** POST /community/like. */
export const likeAnswerSchema = z.object({ liked: z.boolean(), likeCount: z.number() }).meta({ id: 'CommunityLike' });
export type LikeAnswer = z.output<typeof likeAnswerSchema>;

/** POST /community/flags (201): REPORT_THANKS_MESSAGE. */
export const flagAnswerSchema = z.object({ message: z.string() }).meta({ id: 'CommunityFlagAnswer' });
export type FlagAnswer = z.output<typeof flagAnswerSchema>;

/** One row of GET /community/activities (public rows only, newest first). */
export const communityActivityViewSchema = z
  .object({
    id: z.number(),
    userId: z.number().nullable(),
    userName: z.string(),
    activityType: z.enum(ACTIVITY_TYPES),
    description: z.string(),
    /** '+N points' when above 0. */
    points: z.number(),
    /** The post id for post_created and reply_posted (the reply's post); else as written. */
    targetId: z.number().nullable(),
    targetType: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CommunityActivity' });
export type CommunityActivityView = z.output<typeof communityActivityViewSchema>;

/**
 * The `/events` stream's `community` message (event: community, data: {postId}): something in
 * the post changed (a new reply, a like, an edit, a removal); an open post refetches it and its
 * replies, the list its page. Sent to every signed-in member's stream.
 */
export const communityEventDataSchema = z.object({ postId: z.number() });
export type CommunityEventData = z.output<typeof communityEventDataSchema>;
