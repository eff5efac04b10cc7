import { describe, expect, it } from 'vitest';
import { SearchWordCounts } from '../../src/server/community/search-word-counts';

// The forum search's choice of way (walk the list, or the trigram index): only speed depends
// on it (tests/api/community.test.ts checks both ways find the same posts).

/** `n` posts in a category, each text `words` (lower case, as search_text is). */
const posts = (n: number, category: string, words: string) =>
  Array.from({ length: n }, () => ({ category, search_text: words }));

describe('SearchWordCounts', () => {
  const counts = new SearchWordCounts([
    ...posts(3000, 'general', 'harbour lights at dusk'),
    ...posts(2000, 'tips', 'sort the edges first'),
    ...posts(5, 'tips', 'a victorian harbour'),
    ...posts(1, 'showcase', 'harbour harbour harbourside'),
    ...posts(7, 'gossip', 'not a category'),
  ]);

  it('counts the posts per category, each word once a post', () => {
    expect(counts.postsIn(undefined)).toBe(5006);
    expect(counts.postsIn('tips')).toBe(2005);
    expect(counts.postsIn('help')).toBe(0);
    expect(counts.estimate('harbour', undefined)).toEqual({ inScope: 3007, overall: 3007 });
    expect(counts.estimate('harbour', 'tips')).toEqual({ inScope: 5, overall: 3007 });
    expect(counts.estimate('edge', 'tips')).toEqual({ inScope: 2000, overall: 2000 });
    expect(counts.estimate('edge', 'general')).toEqual({ inScope: 0, overall: 2000 });
    expect(counts.estimate('xylophone', undefined)).toEqual({ inScope: 0, overall: 0 });
    // A text with a space spans words: not counted.
    expect(counts.estimate('the edges', 'tips')).toEqual({ inScope: 0, overall: 0 });
  });

  it('walks for a word in many posts and looks a rare one up in the index', () => {
    expect(counts.way('harbour', undefined, 100)).toBe('walk');
    expect(counts.way('edges', 'tips', 100)).toBe('walk');
    // Five in two thousand: a walk would read most of the category.
    expect(counts.way('harbour', 'tips', 100)).toBe('index');
    expect(counts.way('edges', 'general', 20)).toBe('index');
    expect(counts.way('xylophone', undefined, 20)).toBe('index');
    // Under 3 letters there is no trigram to look up.
    expect(counts.way('ha', 'tips', 20)).toBe('walk');
  });

  it('walks a small forum, where reading every post costs less than a look-up', () => {
    const small = new SearchWordCounts(posts(60, 'tips', 'jigsaw'));
    expect(small.way('rare', 'tips', 20)).toBe('walk');
  });
});
