import { describe, expect, it } from 'vitest';
import { withFullStop } from '../../../src/domain/sentences';

describe('withFullStop', () => {
  it('ends a sentence once, whether or not the name ends with an initial', () => {
    expect(`went to ${withFullStop('Margaret H.')}`).toBe('went to Margaret H.');
    expect(`went to ${withFullStop('Margaret')}`).toBe('went to Margaret.');
  });
});
