import { describe, expect, it } from 'vitest';
import {
  FLAG_TARGET_MESSAGE,
  NOTHING_TO_CHANGE_MESSAGE,
  POST_FORM_DEFAULTS,
  communityPostPath,
  communityPostsQuerySchema,
  communityReplyPath,
  createPostSchema,
  flagSchema,
  likeSchema,
  postSchema,
  postsQuerySchema,
  replySchema,
  updatePostSchema,
  updateReplySchema,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

const valid = { title: 'Edge pieces first?', content: 'Do you always start with the edge?' };

describe('postSchema', () => {
  it('defaults to the general category and no tags', () => {
    expect(postSchema.parse(valid)).toEqual({ ...valid, category: 'general', tags: [] });
  });

  it('needs a title of 5 to 200 characters', () => {
    expect(messageAt(postSchema, { ...valid, title: 'Hiya' }, 'title')).toBe('Title must be at least 5 characters');
    expect(messageAt(postSchema, { ...valid, title: '  Hi   ' }, 'title')).toBe('Title must be at least 5 characters');
    expect(accepts(postSchema, { ...valid, title: 'Hello' })).toBe(true);
    expect(accepts(postSchema, { ...valid, title: 'x'.repeat(200) })).toBe(true);
    expect(messageAt(postSchema, { ...valid, title: 'x'.repeat(201) }, 'title')).toBe(
      'Title must be at most 200 characters',
    );
  });

  it('needs content of 10 to 5000 characters', () => {
    expect(messageAt(postSchema, { ...valid, content: '123456789' }, 'content')).toBe(
      'Content must be at least 10 characters',
    );
    expect(accepts(postSchema, { ...valid, content: '1234567890' })).toBe(true);
    expect(accepts(postSchema, { ...valid, content: 'x'.repeat(5000) })).toBe(true);
    expect(accepts(postSchema, { ...valid, content: 'x'.repeat(5001) })).toBe(false);
  });

  it('takes the four categories only', () => {
    for (const category of ['general', 'tips', 'showcase', 'help']) {
      expect(accepts(postSchema, { ...valid, category })).toBe(true);
    }
    expect(accepts(postSchema, { ...valid, category: 'sales' })).toBe(false);
  });

  it('allows at most 5 tags', () => {
    expect(accepts(postSchema, { ...valid, tags: ['a', 'b', 'c', 'd', 'e'] })).toBe(true);
    expect(messageAt(postSchema, { ...valid, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags')).toBe(
      'You can add at most 5 tags',
    );
  });

  it('the form starts empty in the general category', () => {
    expect(POST_FORM_DEFAULTS).toEqual({ title: '', content: '', category: 'general', tags: [] });
  });

  it('the posts list can be filtered by category', () => {
    expect(postsQuerySchema.parse({ category: 'tips' })).toEqual({ category: 'tips' });
    expect(postsQuerySchema.parse({})).toEqual({});
  });
});

describe('replySchema', () => {
  it('needs 5 to 2000 characters', () => {
    expect(messageAt(replySchema, { content: 'Nice' }, 'content')).toBe('Reply must be at least 5 characters');
    expect(messageAt(replySchema, {}, 'content')).toBe('Reply must be at least 5 characters');
    expect(accepts(replySchema, { content: 'Nice!' })).toBe(true);
    expect(accepts(replySchema, { content: 'x'.repeat(2000) })).toBe(true);
    expect(accepts(replySchema, { content: 'x'.repeat(2001) })).toBe(false);
  });
});

describe('likeSchema', () => {
  it('takes a post or a reply', () => {
    expect(likeSchema.parse({ postId: 1 })).toEqual({ postId: 1 });
    expect(likeSchema.parse({ replyId: 2 })).toEqual({ replyId: 2 });
  });

  it('refuses both or neither', () => {
    expect(messageAt(likeSchema, { postId: 1, replyId: 2 }, '')).toBe('Like either a post or a reply');
    expect(messageAt(likeSchema, {}, '')).toBe('Like either a post or a reply');
  });
});

describe('the rest of the forum rules', () => {
  it('a new post takes up to 4 uploaded photos', () => {
    expect(createPostSchema.parse({ title: 'Finished!', content: 'A lovely puzzle it was.' }).imageUrls).toEqual([]);
    expect(
      accepts(createPostSchema, { title: 'Finished!', content: 'A lovely puzzle.', imageUrls: ['/uploads/a.webp'] }),
    ).toBe(true);
    expect(
      messageAt(
        createPostSchema,
        { title: 'Finished!', content: 'A lovely puzzle.', imageUrls: ['/a', '/b', '/c', '/d', '/e'] },
        'imageUrls',
      ),
    ).toBe('You can add at most 4 photos');
    expect(
      messageAt(
        createPostSchema,
        { title: 'Finished!', content: 'A lovely puzzle.', imageUrls: ['javascript:alert(1)'] },
        'imageUrls.0',
      ),
    ).toBe('Photo must be an uploaded image URL');
  });

  it('an edit names at least one field and keeps the product’s rules', () => {
    expect(updatePostSchema.parse({ title: 'A better title' })).toEqual({ title: 'A better title' });
    expect(messageAt(updatePostSchema, {}, '')).toBe(NOTHING_TO_CHANGE_MESSAGE);
    expect(messageAt(updatePostSchema, { title: 'Hi' }, 'title')).toBe('Title must be at least 5 characters');
    expect(messageAt(updateReplySchema, { content: 'Hi' }, 'content')).toBe('Reply must be at least 5 characters');
  });

  it('a report names one post or reply and one of the product’s reasons', () => {
    expect(flagSchema.parse({ postId: 3, reason: 'spam' })).toEqual({ postId: 3, reason: 'spam' });
    expect(messageAt(flagSchema, { reason: 'spam' }, '')).toBe(FLAG_TARGET_MESSAGE);
    expect(messageAt(flagSchema, { replyId: 1, reason: 'rude' }, 'reason')).toBe('Choose a reason');
  });

  it('the list query reads category, search and page from the query string', () => {
    expect(communityPostsQuerySchema.parse({ category: 'help', q: ' edges ', page: '2' })).toEqual({
      category: 'help',
      q: 'edges',
      page: 2,
    });
    expect(communityPostsQuerySchema.parse({ q: '' })).toEqual({ page: 1 });
    expect(accepts(communityPostsQuerySchema, { page: '0' })).toBe(false);
    expect(accepts(communityPostsQuerySchema, { q: 'x'.repeat(101) })).toBe(false);
  });

  it('links a notice straight to the reply', () => {
    expect(communityReplyPath(12, 345)).toBe('/community?post=12&reply=345');
    expect(communityPostPath(12)).toBe('/community?post=12');
  });
});
