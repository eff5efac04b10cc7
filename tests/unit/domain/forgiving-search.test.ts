import { describe, expect, it } from 'vitest';
import {
  chooseSuggestion,
  isOneLetterSlip,
  oneLetterSlips,
  searchForms,
  slipPatterns,
  suggestableWord,
  vocabularyWords,
} from '../../../src/domain/forgiving-search';
import { matchesBrowseFilters } from '../../../src/domain/browse';

// The forgiving search's rule (docs/decisions/0023-forgiving-search.md).

describe('searchForms: the search and its last word in the other number', () => {
  it.each([
    ['cottages', ['cottage']],
    ['  Cottages ', ['cottage']],
    ['cottage', ['cottage']],
    ['puppies', ['puppy', 'puppie']],
    ['puppy', ['puppy', 'puppies']],
    ['boxes', ['box']],
    ['churches', ['church']],
    ['dishes', ['dish']],
    ['glass', ['glass']],
    ['glasses', ['glass']],
    ['day', ['day']],
    ['cats', ['cat']],
    ['bus', ['bus']], // 3 letters: as typed
    ['Rose Cottages', ['Rose cottage']],
    ['cottages of kent', ['cottages of kent']], // only the last word
    ['100%', ['100%']],
    ['éclairs', ['éclair']],
  ])('%j looks for %j', (q, forms) => {
    expect(searchForms(q)).toEqual(forms);
  });

  it('the reference matches a listing holding any form, ignoring case', () => {
    const listing = { title: 'Rose COTTAGE', pieces: 500, puzzlePoints: 3 };
    expect(matchesBrowseFilters(listing, { q: 'cottages' })).toBe(true);
    expect(matchesBrowseFilters(listing, { q: 'rose cottages' })).toBe(true);
    expect(matchesBrowseFilters(listing, { q: 'roses cottage' })).toBe(false);
    expect(matchesBrowseFilters({ ...listing, title: 'Puppies' }, { q: 'puppy' })).toBe(true);
  });
});

describe('one-letter slips', () => {
  it('isOneLetterSlip: missing, extra, different or two neighbours swapped; nothing else', () => {
    expect(isOneLetterSlip('cotage', 'cottage')).toBe(true);
    expect(isOneLetterSlip('cottage', 'cotage')).toBe(true);
    expect(isOneLetterSlip('cottage', 'cottaxe')).toBe(true);
    expect(isOneLetterSlip('cottgae', 'cottage')).toBe(true);
    expect(isOneLetterSlip('cottage', 'cottage')).toBe(false);
    expect(isOneLetterSlip('cotage', 'cottages')).toBe(false);
    expect(isOneLetterSlip('barn', 'bnra')).toBe(false);
  });

  it('oneLetterSlips lists exactly the slips, and every slip matches one of the SQL patterns', () => {
    for (const word of ['cotage', 'barn', 'aaaa']) {
      const slips = oneLetterSlips(word);
      expect(slips.every((s) => isOneLetterSlip(word, s))).toBe(true);
      const patterns = slipPatterns(word).map((p) => new RegExp(`^${p.replace(/_/g, '.')}$`));
      expect(slips.every((s) => patterns.some((p) => p.test(s)))).toBe(true);
    }
    expect(oneLetterSlips('cotage')).toContain('cottage');
  });

  it('suggestableWord: one word of 4+ letters a-z, lower-cased', () => {
    expect(suggestableWord(' Cotage ')).toBe('cotage');
    expect(suggestableWord('cot')).toBeNull();
    expect(suggestableWord('rose cotage')).toBeNull();
    expect(suggestableWord('café')).toBeNull();
    expect(suggestableWord(undefined)).toBeNull();
  });

  it('vocabularyWords: runs of 4+ letters a-z', () => {
    expect(vocabularyWords("rose cottage, st. ives' harbour & bay é")).toEqual(['rose', 'cottage', 'ives', 'harbour']);
  });

  it('chooseSuggestion: near the word as typed first, then most puzzles, then alphabetical', () => {
    expect(
      chooseSuggestion('cotage', [
        ['cottage', 3],
        ['potage', 1],
      ]),
    ).toBe('cottage');
    expect(
      chooseSuggestion('cotage', [
        ['cottage', 1],
        ['potage', 1],
      ]),
    ).toBe('cottage');
    expect(
      chooseSuggestion('cotage', [
        ['cottage', 1],
        ['potage', 2],
      ]),
    ).toBe('potage');
    expect(
      chooseSuggestion('cotages', [
        ['cottage', 5],
        ['cottages', 1],
      ]),
    ).toBe('cottages');
    expect(chooseSuggestion('cotages', [['cottage', 5]])).toBe('cottage');
    // Not a word the search itself finds, nor one no shown puzzle has, nor a short one.
    expect(chooseSuggestion('cottage', [['cottages', 4]])).toBeNull();
    expect(chooseSuggestion('cotage', [['cottage', 0]])).toBeNull();
    expect(chooseSuggestion('barn', [['bar', 9]])).toBeNull();
  });
});
