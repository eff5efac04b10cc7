// Forum bodies (spec section 5).

import { z } from 'zod';
import { COMMUNITY_CATEGORIES } from './enums';
import {
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  REPLY_MAX,
  REPLY_MIN,
} from './constants';
import { idField, requiredText, textField, tooLong } from './fields';

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
