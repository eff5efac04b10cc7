import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LISTING_CONDITIONS,
  LISTING_DIFFICULTIES,
  SORT_OPTIONS,
  browseQuerySchema,
  browseQueryToParams,
  compareListings,
  countActiveFilters,
  matchesBrowseFilters,
  yearGroupRange,
} from '../../../src/domain';
import type { BrowsableListing, BrowseFilters, SortableListing } from '../../../src/domain';
import { messageAt } from './issues';

describe('browseQuerySchema', () => {
  it('gives the defaults for an empty query: newest, page 1, 24 per page, all puzzles', () => {
    expect(browseQuerySchema.parse({})).toEqual({ sort: 'newest', page: 1, pageSize: 24, completeOnly: false });
  });

  it('parses every filter from query-string text', () => {
    const parsed = browseQuerySchema.parse({
      q: ' castle ',
      difficulty: 'hard',
      condition: 'like_new',
      manufacturerId: '3',
      minPieces: '500',
      maxPieces: '1000',
      artist: 'Monet',
      year: '1995',
      minPoints: '2',
      maxPoints: '10',
      completeOnly: 'true',
      location: 'York',
      maxDistance: '50',
      sort: 'pieces-desc',
      page: '2',
      pageSize: '100',
    });
    expect(parsed).toEqual({
      q: 'castle',
      difficulty: 'hard',
      condition: 'like_new',
      manufacturerId: 3,
      minPieces: 500,
      maxPieces: 1000,
      artist: 'Monet',
      year: 1995,
      minPoints: 2,
      maxPoints: 10,
      completeOnly: true,
      location: 'York',
      maxDistance: 50,
      sort: 'pieces-desc',
      page: 2,
      pageSize: 100,
    });
  });

  it('treats blank values and "all" choices as not set', () => {
    expect(browseQuerySchema.parse({ q: '  ', difficulty: 'all', year: '', minPieces: '' })).toEqual(
      browseQuerySchema.parse({}),
    );
  });

  it('reads year groups and four-digit years', () => {
    expect(browseQuerySchema.parse({ year: 'recent' }).year).toBe('recent');
    expect(browseQuerySchema.parse({ year: 'Vintage' }).year).toBe('vintage');
    expect(browseQuerySchema.parse({ year: 'classic' }).year).toBe('classic');
    expect(messageAt(browseQuerySchema, { year: '95' }, 'year')).toBe(
      'Year must be recent, vintage, classic or a 4-digit year',
    );
  });

  it('uses the first of a repeated parameter', () => {
    expect(browseQuerySchema.parse({ sort: ['oldest', 'newest'] }).sort).toBe('oldest');
  });

  it('explains bad values clearly', () => {
    expect(messageAt(browseQuerySchema, { minPieces: 'ten' }, 'minPieces')).toBe(
      'Min pieces must be a whole number from 0 to 1000000',
    );
    expect(messageAt(browseQuerySchema, { pageSize: '101' }, 'pageSize')).toBe(
      'Page size must be a whole number from 1 to 100',
    );
    expect(messageAt(browseQuerySchema, { page: '0' }, 'page')).toBe('Page must be a whole number of 1 or more');
    expect(messageAt(browseQuerySchema, { sort: 'random' }, 'sort')).toMatch(/^Sort must be one of: newest, oldest/);
    expect(messageAt(browseQuerySchema, { difficulty: 'trivial' }, 'difficulty')).toBe(
      'Difficulty must be one of: easy, medium, hard, expert',
    );
    expect(messageAt(browseQuerySchema, { completeOnly: 'yes' }, 'completeOnly')).toBe(
      "completeOnly must be 'true' or 'false'",
    );
    expect(messageAt(browseQuerySchema, { q: 'x'.repeat(201) }, 'q')).toBe('Search must be at most 200 characters');
  });

  it('round-trips through browseQueryToParams', () => {
    const filters = fc.record(
      {
        q: fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((s) => s.trim() !== '' && s.trim().toLowerCase() !== 'all'),
        difficulty: fc.constantFrom(...LISTING_DIFFICULTIES),
        condition: fc.constantFrom(...LISTING_CONDITIONS),
        manufacturerId: fc.integer({ min: 1, max: 1000 }),
        minPieces: fc.nat(50000),
        maxPoints: fc.nat(1000),
        year: fc.oneof(
          fc.constantFrom('recent' as const, 'vintage' as const, 'classic' as const),
          fc.integer({ min: 1900, max: 2024 }),
        ),
        completeOnly: fc.boolean(),
        sort: fc.constantFrom(...SORT_OPTIONS),
        page: fc.integer({ min: 1, max: 50 }),
        pageSize: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (query) => {
        const parsed = browseQuerySchema.parse(browseQueryToParams(query));
        const expected = {
          sort: 'newest',
          page: 1,
          pageSize: 24,
          completeOnly: false,
          ...query,
          ...(query.q !== undefined ? { q: query.q.trim() } : {}),
        };
        expect(parsed).toEqual(expected);
      }),
    );
  });

  it('leaves defaults out of the share link', () => {
    expect(browseQueryToParams({ sort: 'newest', page: 1, pageSize: 24, completeOnly: false, q: ' ' })).toEqual({});
  });
});

describe('yearGroupRange', () => {
  it('maps recent, vintage, classic and exact years to inclusive bounds', () => {
    expect(yearGroupRange('recent')).toEqual({ min: 2020 });
    expect(yearGroupRange('vintage')).toEqual({ min: 1980, max: 1999 });
    expect(yearGroupRange('classic')).toEqual({ max: 1979 });
    expect(yearGroupRange(2003)).toEqual({ min: 2003, max: 2003 });
  });
});

const listing: BrowsableListing = {
  title: 'Harbour at Dusk',
  subtitle: 'Evening Collection',
  artist: 'Jane Doe',
  description: 'A calm harbour scene.',
  barcodeNumber: '5012345678900',
  manufacturerId: 7,
  manufacturerName: 'Ravensburger',
  difficulty: 'hard',
  condition: 'like_new',
  yearOfManufacture: 1995,
  pieces: 1000,
  puzzlePoints: 5,
  missingPieces: 0,
};

const matches = (filters: BrowseFilters, l: BrowsableListing = listing) => matchesBrowseFilters(l, filters);

describe('matchesBrowseFilters', () => {
  it('matches everything with no filters', () => {
    expect(matches({})).toBe(true);
  });

  it.each([
    ['title', 'HARBOUR'],
    ['subtitle', 'evening coll'],
    ['artist', 'jane'],
    ['description', 'CALM'],
    ['barcode', '12345'],
    ['manufacturer name', 'ravens'],
  ])('search finds the text in the %s, ignoring case', (_field, q) => {
    expect(matches({ q })).toBe(true);
  });

  it('search trims the query and misses text found nowhere', () => {
    expect(matches({ q: '  dusk  ' })).toBe(true);
    expect(matches({ q: 'castle' })).toBe(false);
    expect(matches({ q: 'x' }, { ...listing, subtitle: null, artist: null, description: null })).toBe(false);
  });

  it('search treats % and _ as plain characters', () => {
    expect(matches({ q: '%' })).toBe(false);
    expect(matches({ q: '50%' }, { ...listing, title: 'Only 50% done' })).toBe(true);
  });

  it('matches difficulty, condition and manufacturer id exactly', () => {
    expect(matches({ difficulty: 'hard', condition: 'like_new', manufacturerId: 7 })).toBe(true);
    expect(matches({ difficulty: 'expert' })).toBe(false);
    expect(matches({ condition: 'new' })).toBe(false);
    expect(matches({ manufacturerId: 8 })).toBe(false);
    expect(matches({ manufacturerId: 7 }, { ...listing, manufacturerId: null })).toBe(false);
  });

  it('artist is a case-insensitive substring and excludes listings without an artist', () => {
    expect(matches({ artist: 'DOE' })).toBe(true);
    expect(matches({ artist: 'smith' })).toBe(false);
    expect(matches({ artist: 'doe' }, { ...listing, artist: null })).toBe(false);
    expect(matches({ artist: 'doe' }, { ...listing, artist: '' })).toBe(false);
    expect(matches({ artist: '' }, { ...listing, artist: null })).toBe(true);
  });

  it('applies year groups with their edges', () => {
    const at = (y: number) => ({ ...listing, yearOfManufacture: y });
    expect(matches({ year: 'recent' }, at(2020))).toBe(true);
    expect(matches({ year: 'recent' }, at(2019))).toBe(false);
    expect(matches({ year: 'vintage' }, at(1980))).toBe(true);
    expect(matches({ year: 'vintage' }, at(1999))).toBe(true);
    expect(matches({ year: 'vintage' }, at(2000))).toBe(false);
    expect(matches({ year: 'vintage' }, at(1979))).toBe(false);
    expect(matches({ year: 'classic' }, at(1979))).toBe(true);
    expect(matches({ year: 'classic' }, at(1980))).toBe(false);
    expect(matches({ year: 1995 })).toBe(true);
    expect(matches({ year: 1996 })).toBe(false);
  });

  it('excludes listings with no year when a year filter is set', () => {
    const noYear = { ...listing, yearOfManufacture: null };
    expect(matches({ year: 'classic' }, noYear)).toBe(false);
    expect(matches({}, noYear)).toBe(true);
  });

  it('treats piece and point bounds as inclusive', () => {
    expect(matches({ minPieces: 1000, maxPieces: 1000, minPoints: 5, maxPoints: 5 })).toBe(true);
    expect(matches({ minPieces: 1001 })).toBe(false);
    expect(matches({ maxPieces: 999 })).toBe(false);
    expect(matches({ minPoints: 6 })).toBe(false);
    expect(matches({ maxPoints: 4 })).toBe(false);
    expect(matches({ minPieces: 0 })).toBe(true);
  });

  it('completeOnly keeps only listings with no missing pieces', () => {
    expect(matches({ completeOnly: true })).toBe(true);
    expect(matches({ completeOnly: true }, { ...listing, missingPieces: 2 })).toBe(false);
    expect(matches({ completeOnly: false }, { ...listing, missingPieces: 2 })).toBe(true);
  });

  it('ignores location and max distance', () => {
    expect(matches({ location: 'Nowhere', maxDistance: 1 })).toBe(true);
  });
});

describe('countActiveFilters', () => {
  it('is 0 with nothing set, blank text included', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ q: '  ', artist: '', completeOnly: false })).toBe(0);
  });

  it('counts the search and every set filter', () => {
    expect(countActiveFilters({ q: 'castle' })).toBe(1);
    expect(
      countActiveFilters({
        q: 'castle',
        difficulty: 'easy',
        condition: 'good',
        manufacturerId: 1,
        minPieces: 0,
        maxPieces: 500,
        artist: 'x',
        year: 'recent',
        minPoints: 1,
        maxPoints: 5,
        completeOnly: true,
        location: 'York',
        maxDistance: 10,
        handover: 'in_person',
      }),
    ).toBe(14);
  });

  it('does not count sort or paging', () => {
    const parsed = browseQuerySchema.parse({ sort: 'oldest', page: '3', pageSize: '50' });
    expect(countActiveFilters(parsed)).toBe(0);
  });
});

describe('compareListings', () => {
  const base = (id: number, extra: Partial<SortableListing>): SortableListing => ({
    id,
    title: `T${id}`,
    pieces: 100,
    puzzlePoints: 1,
    createdAt: '2024-01-01T00:00:00Z',
    ...extra,
  });
  const order = (sort: Parameters<typeof compareListings>[0], items: SortableListing[]) =>
    [...items].sort(compareListings(sort)).map((l) => l.id);

  it('newest uses the publish date, falling back to creation', () => {
    const items = [
      base(1, { createdAt: '2024-01-01T00:00:00Z', publishedAt: '2024-03-01T00:00:00Z' }),
      base(2, { createdAt: '2024-02-01T00:00:00Z' }),
    ];
    expect(order('newest', items)).toEqual([1, 2]);
    expect(order('oldest', items)).toEqual([2, 1]);
  });

  it('title sorts ignore case', () => {
    const items = [base(1, { title: 'banana' }), base(2, { title: 'Apple' }), base(3, { title: 'cherry' })];
    expect(order('title-asc', items)).toEqual([2, 1, 3]);
    expect(order('title-desc', items)).toEqual([3, 1, 2]);
  });

  it('puts missing manufacturer and year last', () => {
    const items = [
      base(1, { manufacturerName: null, yearOfManufacture: null }),
      base(2, { manufacturerName: 'Wasgij', yearOfManufacture: 1990 }),
      base(3, { manufacturerName: 'Jumbo', yearOfManufacture: 2010 }),
    ];
    expect(order('manufacturer', items)).toEqual([3, 2, 1]);
    expect(order('year-newest', items)).toEqual([3, 2, 1]);
    expect(order('year-oldest', items)).toEqual([2, 3, 1]);
  });

  it('breaks ties by id so paging is stable', () => {
    const items = [base(1, {}), base(3, {}), base(2, {})];
    expect(order('pieces-asc', items)).toEqual([3, 2, 1]);
    expect(order('oldest', items)).toEqual([1, 2, 3]);
  });

  it('sorts pieces and points both ways', () => {
    const items = [base(1, { pieces: 500, puzzlePoints: 3 }), base(2, { pieces: 1000, puzzlePoints: 1 })];
    expect(order('pieces-asc', items)).toEqual([1, 2]);
    expect(order('pieces-desc', items)).toEqual([2, 1]);
    expect(order('points-asc', items)).toEqual([2, 1]);
    expect(order('points-desc', items)).toEqual([1, 2]);
  });
});
