import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../../src/domain/enums';
import { matchesBrowseFilters, type BrowsableListing, type BrowseFilters } from '../../../src/domain/browse';
import {
  listingMatchKeys,
  placeInLine,
  puzzleTitleKey,
  savedSearchKey,
  savedSearchQuerySchema,
  waitingLine,
} from '../../../src/domain/wanted';

// docs/product/wanted.md and decision 0030: a listing reads only the saved searches whose key it
// has, so every search it matches must have one of its keys.

const words = ['lighthouse', 'lighthouses', 'cottage', 'mill', 'harbour', 'cat', 'owl', 'steam', 'abbey'];
const text = fc
  .array(fc.constantFrom(...words, 'the', 'at', 'of'), { minLength: 1, maxLength: 6 })
  .map((w) => w.join(' '));

const listing: fc.Arbitrary<BrowsableListing> = fc.record({
  title: text,
  subtitle: fc.option(text),
  artist: fc.option(fc.constantFrom('Alison Marsh', 'Ann Lee', 'Jo Owl')),
  description: fc.option(text),
  barcodeNumber: fc.constant(null),
  manufacturerId: fc.option(fc.integer({ min: 1, max: 3 })),
  manufacturerName: fc.option(fc.constantFrom('Gibsons', 'Ravensburger')),
  difficulty: fc.constantFrom(...LISTING_DIFFICULTIES),
  condition: fc.constantFrom(...LISTING_CONDITIONS),
  yearOfManufacture: fc.option(fc.integer({ min: 1970, max: 2025 })),
  pieces: fc.constantFrom(300, 500, 1000),
  puzzlePoints: fc.integer({ min: 1, max: 10 }),
  missingPieces: fc.constantFrom(0, 1),
});

const filters: fc.Arbitrary<BrowseFilters> = fc.record(
  {
    q: fc.constantFrom(...words, 'light', 'mills', 'cottages', 'ho', 'at the'),
    manufacturerId: fc.integer({ min: 1, max: 3 }),
    artist: fc.constantFrom('marsh', 'ann', 'al', 'owl'),
    difficulty: fc.constantFrom(...LISTING_DIFFICULTIES),
    condition: fc.constantFrom(...LISTING_CONDITIONS),
    year: fc.oneof(
      fc.constantFrom('recent' as const, 'vintage' as const, 'classic' as const),
      fc.integer({ min: 1970, max: 2025 }),
    ),
    minPieces: fc.constantFrom(300, 800),
    maxPoints: fc.integer({ min: 1, max: 10 }),
    completeOnly: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('saved search keys', () => {
  it('every search a listing matches has one of the listing keys', () => {
    fc.assert(
      fc.property(listing, filters, (l, f) => {
        if (matchesBrowseFilters(l, f)) expect(listingMatchKeys(l)).toContain(savedSearchKey(f));
      }),
      { numRuns: 3000 },
    );
  });

  it('keys the most selective facet: maker, then five letters of the search', () => {
    expect(savedSearchKey({ manufacturerId: 4, q: 'mill' })).toBe('m:4');
    expect(savedSearchKey({ q: 'old lighthouses' })).toBe('t5:light');
    expect(savedSearchKey({ q: 'owl' })).toBe('t:owl');
    expect(savedSearchKey({ minPieces: 500 })).toBe('*');
  });
});

describe('saved queries and wishes', () => {
  it('keeps browse filters as its parameters, without sort or paging, and needs one filter', () => {
    expect(savedSearchQuerySchema.parse({ q: ' mill ', minPieces: 500, sort: 'newest', page: 3 })).toEqual({
      q: 'mill',
      minPieces: '500',
    });
    const empty = savedSearchQuerySchema.safeParse({ sort: 'newest' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Choose at least one filter to save');
  });

  it('one puzzle whatever the case, accents, punctuation and spacing; place in line in words', () => {
    expect(puzzleTitleKey('The Old Mill!')).toBe(puzzleTitleKey('the old-mill'));
    expect(puzzleTitleKey('Café  Paris')).toBe(puzzleTitleKey('cafe paris'));
    expect(placeInLine(0)).toBe('You are first in line');
    expect(placeInLine(2)).toBe('You are 3rd in line');
    expect(placeInLine(10)).toBe('You are 11th in line');
    expect(waitingLine(3)).toBe('3 members are waiting for this puzzle');
    expect(waitingLine(1)).toBe('1 member is waiting for this puzzle');
  });
});
