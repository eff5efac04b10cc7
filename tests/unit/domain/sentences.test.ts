import { describe, expect, it } from 'vitest';
import { plural, truncate, withFullStop } from '../../../src/domain/sentences';

describe('withFullStop', () => {
  it('ends a sentence once, whether or not the name ends with an initial', () => {
    expect(`went to ${withFullStop('Margaret H.')}`).toBe('went to Margaret H.');
    expect(`went to ${withFullStop('Margaret')}`).toBe('went to Margaret.');
  });
});

describe('plural', () => {
  it('writes the count with its noun, singular only for exactly one', () => {
    expect(plural(1, 'piece')).toBe('1 piece');
    expect(plural(0, 'piece')).toBe('0 pieces');
    expect(plural(1000, 'piece')).toBe('1,000 pieces');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
  });
});

describe('truncate', () => {
  it('keeps a short text, and cuts a long one to the limit with an ellipsis, no space before it', () => {
    expect(truncate('Harbour at Dusk', 20)).toBe('Harbour at Dusk');
    expect(truncate('Harbour at Dusk', 15)).toBe('Harbour at Dusk');
    expect(truncate('Harbour at Dusk', 12)).toBe('Harbour at…');
    expect(truncate('Harbour at Dusk', 12).length).toBeLessThanOrEqual(12);
  });
});
