import { describe, expect, it } from 'vitest';
import {
  LISTING_FORM_DEFAULTS,
  LISTING_STATUSES,
  canChangeStatus,
  isStatusOnlyPatch,
  listingInputSchema,
  listingStatusActions,
  listingStatusPatchSchema,
} from '../../../src/domain';
import type { ListingStatus } from '../../../src/domain';
import { accepts, messageAt } from './issues';

const valid = { title: 'Harbour at Dusk', pieces: 1000, condition: 'good' };
const thisYear = new Date().getFullYear();

describe('listingInputSchema', () => {
  it('fills the schema defaults: cm, medium, 5 points, complete, draft', () => {
    expect(listingInputSchema.parse(valid)).toEqual({
      ...valid,
      dimensionUnit: 'cm',
      difficulty: 'medium',
      puzzlePoints: 5,
      missingPieces: 0,
      status: 'draft',
      handover: 'post',
    });
  });

  it('requires a title of 1 to 100 characters', () => {
    expect(messageAt(listingInputSchema, { ...valid, title: '' }, 'title')).toBe('Title is required');
    expect(messageAt(listingInputSchema, { ...valid, title: '   ' }, 'title')).toBe('Title is required');
    expect(messageAt(listingInputSchema, { ...valid, title: undefined }, 'title')).toBe('Title is required');
    expect(accepts(listingInputSchema, { ...valid, title: 'x'.repeat(100) })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, title: 'x'.repeat(101) }, 'title')).toBe(
      'Title must be at most 100 characters',
    );
  });

  it('caps subtitle and artist at 100, barcode at 50, description at 1000', () => {
    const cases: [string, number, string][] = [
      ['subtitle', 100, 'Subtitle'],
      ['artist', 100, 'Artist'],
      ['barcodeNumber', 50, 'Barcode'],
      ['description', 1000, 'Description'],
    ];
    for (const [field, max, label] of cases) {
      expect(accepts(listingInputSchema, { ...valid, [field]: 'x'.repeat(max) })).toBe(true);
      expect(messageAt(listingInputSchema, { ...valid, [field]: 'x'.repeat(max + 1) }, field)).toBe(
        `${label} must be at most ${max} characters`,
      );
    }
  });

  it('needs pieces from 1 to 50000', () => {
    expect(messageAt(listingInputSchema, { ...valid, pieces: 0 }, 'pieces')).toBe('Pieces must be at least 1');
    expect(accepts(listingInputSchema, { ...valid, pieces: 1 })).toBe(true);
    expect(accepts(listingInputSchema, { ...valid, pieces: 50000 })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, pieces: 50001 }, 'pieces')).toBe(
      'Pieces cannot be more than 50000',
    );
    expect(messageAt(listingInputSchema, { ...valid, pieces: Number.NaN }, 'pieces')).toBe('Pieces must be a number');
    expect(messageAt(listingInputSchema, { ...valid, pieces: 10.5 }, 'pieces')).toBe('Pieces must be a whole number');
  });

  it('requires a condition', () => {
    expect(messageAt(listingInputSchema, { title: 'T', pieces: 10 }, 'condition')).toBe('Condition is required');
    expect(messageAt(listingInputSchema, { ...valid, condition: 'mint' }, 'condition')).toBe('Condition is required');
  });

  it('accepts PuzzlePoints 1 and 25 but not 0 or 26', () => {
    expect(messageAt(listingInputSchema, { ...valid, puzzlePoints: 0 }, 'puzzlePoints')).toBe(
      'PuzzlePoints must be at least 1',
    );
    expect(accepts(listingInputSchema, { ...valid, puzzlePoints: 1 })).toBe(true);
    expect(accepts(listingInputSchema, { ...valid, puzzlePoints: 25 })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, puzzlePoints: 26 }, 'puzzlePoints')).toBe(
      'PuzzlePoints cannot be more than 25',
    );
  });

  it('accepts years from 1900 to the current year', () => {
    expect(messageAt(listingInputSchema, { ...valid, yearOfManufacture: 1899 }, 'yearOfManufacture')).toBe(
      'Year must be 1900 or later',
    );
    expect(accepts(listingInputSchema, { ...valid, yearOfManufacture: 1900 })).toBe(true);
    expect(accepts(listingInputSchema, { ...valid, yearOfManufacture: thisYear })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, yearOfManufacture: thisYear + 1 }, 'yearOfManufacture')).toBe(
      `Year cannot be later than ${thisYear}`,
    );
    expect(accepts(listingInputSchema, { ...valid, yearOfManufacture: null })).toBe(true);
  });

  it('allows missing pieces from 0 up to the piece count', () => {
    expect(messageAt(listingInputSchema, { ...valid, missingPieces: -1 }, 'missingPieces')).toBe(
      'Missing pieces cannot be negative',
    );
    expect(accepts(listingInputSchema, { ...valid, missingPieces: 1000 })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, missingPieces: 1001 }, 'missingPieces')).toBe(
      'Missing pieces cannot be more than the puzzle has',
    );
  });

  it('only takes a positive size and the two units', () => {
    expect(messageAt(listingInputSchema, { ...valid, dimensionValue: 0 }, 'dimensionValue')).toBe(
      'Size must be greater than 0',
    );
    expect(accepts(listingInputSchema, { ...valid, dimensionValue: 50.5, dimensionUnit: 'inches' })).toBe(true);
    expect(accepts(listingInputSchema, { ...valid, dimensionUnit: 'mm' })).toBe(false);
  });

  it('only takes draft or active as the status on save', () => {
    expect(listingInputSchema.parse({ ...valid, status: 'active' }).status).toBe('active');
    expect(messageAt(listingInputSchema, { ...valid, status: 'sold' }, 'status')).toBe(
      'Status must be draft or active',
    );
  });

  it('accepts uploaded or http(s) image URLs and refuses scripts', () => {
    expect(accepts(listingInputSchema, { ...valid, puzzleImageUrl: '/uploads/a.webp' })).toBe(true);
    expect(accepts(listingInputSchema, { ...valid, boxImageUrl: 'https://img.example/b.jpg' })).toBe(true);
    expect(messageAt(listingInputSchema, { ...valid, puzzleImageUrl: 'javascript:alert(1)' }, 'puzzleImageUrl')).toBe(
      'Image must be an uploaded image URL',
    );
    expect(accepts(listingInputSchema, { ...valid, puzzleImageUrl: '//evil.example/x.png' })).toBe(false);
  });

  it('stores blank optional text as null', () => {
    const parsed = listingInputSchema.parse({ ...valid, subtitle: '  ', artist: '' });
    expect(parsed.subtitle).toBeNull();
    expect(parsed.artist).toBeNull();
  });
});

describe('LISTING_FORM_DEFAULTS', () => {
  it('start at 500 pieces, cm, medium, very good, 1 point and complete', () => {
    expect(LISTING_FORM_DEFAULTS).toMatchObject({
      pieces: 500,
      dimensionUnit: 'cm',
      difficulty: 'medium',
      condition: 'very_good',
      puzzlePoints: 1,
      missingPieces: 0,
    });
  });

  it('fail only on the empty title', () => {
    expect(messageAt(listingInputSchema, LISTING_FORM_DEFAULTS, 'title')).toBe('Title is required');
    expect(accepts(listingInputSchema, { ...LISTING_FORM_DEFAULTS, title: 'Ok' })).toBe(true);
  });
});

describe('listing status changes', () => {
  const allowed = new Set(['draft->active', 'active->draft', 'draft->archived', 'active->archived', 'archived->draft']);

  for (const from of LISTING_STATUSES) {
    for (const to of LISTING_STATUSES) {
      const ok = allowed.has(`${from}->${to}`);
      it(`${from} -> ${to} is ${ok ? 'allowed' : 'refused'}`, () => {
        expect(canChangeStatus(from, to)).toBe(ok);
      });
    }
  }

  it('offers the Live/Draft toggle and Archive/Unarchive per the listing rules', () => {
    const actions = (s: ListingStatus) => listingStatusActions(s);
    expect(actions('draft')).toEqual({ toggleTo: 'active', archiveTo: 'archived', canView: false });
    expect(actions('active')).toEqual({ toggleTo: 'draft', archiveTo: 'archived', canView: true });
    expect(actions('archived')).toEqual({ toggleTo: null, archiveTo: 'draft', canView: false });
    expect(actions('sold')).toEqual({ toggleTo: null, archiveTo: null, canView: false });
  });

  it('every offered action is an allowed change', () => {
    for (const s of LISTING_STATUSES) {
      const { toggleTo, archiveTo } = listingStatusActions(s);
      for (const to of [toggleTo, archiveTo]) if (to) expect(canChangeStatus(s, to)).toBe(true);
    }
  });

  it('a member can never set sold through the status patch', () => {
    expect(messageAt(listingStatusPatchSchema, { status: 'sold' }, 'status')).toBe(
      'Status must be draft, active or archived',
    );
    expect(accepts(listingStatusPatchSchema, { status: 'archived' })).toBe(true);
  });

  it('recognises a {status}-only patch', () => {
    expect(isStatusOnlyPatch({ status: 'draft' })).toBe(true);
    expect(isStatusOnlyPatch({ status: 'draft', title: 'x' })).toBe(false);
    expect(isStatusOnlyPatch(null)).toBe(false);
    expect(isStatusOnlyPatch(['status'])).toBe(false);
  });
});
