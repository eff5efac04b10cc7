import { describe, expect, it } from 'vitest';
import {
  isProfileComplete,
  normalizePostcode,
  pieceCountOrDefault,
  profileUpdateSchema,
  toProfilePayload,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

const names = { firstName: 'Ann', lastName: 'Smith' };

describe('normalizePostcode', () => {
  it('upper-cases, collapses whitespace to single spaces and trims', () => {
    expect(normalizePostcode('  sw1a   1aa ')).toBe('SW1A 1AA');
    expect(normalizePostcode('ec1a\t1bb')).toBe('EC1A 1BB');
    expect(normalizePostcode('   ')).toBe('');
  });
});

describe('profileUpdateSchema', () => {
  it('requires first and last name, with the documented messages', () => {
    expect(messageAt(profileUpdateSchema, { lastName: 'S' }, 'firstName')).toBe('First name is required');
    expect(messageAt(profileUpdateSchema, { firstName: 'A', lastName: '   ' }, 'lastName')).toBe(
      'Last name is required',
    );
  });

  it('accepts names alone, since every other field is optional', () => {
    expect(profileUpdateSchema.parse(names)).toEqual(names);
  });

  it('normalises the postcode and turns blank text into null', () => {
    const parsed = profileUpdateSchema.parse({ ...names, postcode: ' sw1a  1aa', phone: '  ' });
    expect(parsed.postcode).toBe('SW1A 1AA');
    expect(parsed.phone).toBeNull();
  });

  it('bounds minPieceCount at 100 and maxPieceCount at 10000', () => {
    expect(messageAt(profileUpdateSchema, { ...names, minPieceCount: 99 }, 'minPieceCount')).toBe(
      'Minimum pieces must be at least 100',
    );
    expect(accepts(profileUpdateSchema, { ...names, minPieceCount: 100 })).toBe(true);
    expect(accepts(profileUpdateSchema, { ...names, maxPieceCount: 10000 })).toBe(true);
    expect(messageAt(profileUpdateSchema, { ...names, maxPieceCount: 10001 }, 'maxPieceCount')).toBe(
      'Maximum pieces cannot be more than 10000',
    );
  });

  it('refuses a maximum below the minimum', () => {
    expect(
      messageAt(profileUpdateSchema, { ...names, minPieceCount: 2000, maxPieceCount: 1000 }, 'maxPieceCount'),
    ).toBe('Maximum pieces must not be less than minimum pieces');
    expect(accepts(profileUpdateSchema, { ...names, minPieceCount: 1000, maxPieceCount: 1000 })).toBe(true);
  });

  it('checks the preference enums', () => {
    expect(
      accepts(profileUpdateSchema, { ...names, preferredDifficulty: 'beginner', conditionPreference: 'excellent' }),
    ).toBe(true);
    expect(messageAt(profileUpdateSchema, { ...names, preferredDifficulty: 'easy' }, 'preferredDifficulty')).toBe(
      'Choose a preferred difficulty',
    );
  });

  it('keeps preferred manufacturers as unique positive ids', () => {
    expect(profileUpdateSchema.parse({ ...names, preferredManufacturers: [3, 1, 3] }).preferredManufacturers).toEqual([
      3, 1,
    ]);
    expect(accepts(profileUpdateSchema, { ...names, preferredManufacturers: [0] })).toBe(false);
  });

  it('strips fields a member may not set', () => {
    const parsed = profileUpdateSchema.parse({ ...names, isAdmin: true, puzzlePoints: 999, email: 'x@y.z' });
    expect(parsed).toEqual(names);
  });

  it('refuses over-long text with a clear message', () => {
    expect(messageAt(profileUpdateSchema, { ...names, line_1: 'x'.repeat(101) }, 'line_1')).toBe(
      'Address line 1 must be at most 100 characters',
    );
  });
});

describe('isProfileComplete', () => {
  const complete = {
    firstName: 'Ann',
    lastName: 'Smith',
    phone: '07700 900123',
    line_1: '1 High St',
    town_or_city: 'York',
    country: 'United Kingdom',
    postcode: 'YO1 7HH',
  };

  it('is true when name, phone, line 1, town, country and postcode are filled', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it.each(Object.keys(complete))('is false when %s is missing or blank', (key) => {
    expect(isProfileComplete({ ...complete, [key]: '  ' })).toBe(false);
    expect(isProfileComplete({ ...complete, [key]: null })).toBe(false);
  });

  it('does not need line 2, locality or county', () => {
    expect(isProfileComplete({ ...complete })).toBe(true);
  });
});

describe('toProfilePayload', () => {
  it('always sends first and last name, trimmed, even when blank', () => {
    expect(toProfilePayload({ firstName: ' Ann ', lastName: '' })).toEqual({ firstName: 'Ann', lastName: '' });
  });

  it('trims strings and leaves out blank ones', () => {
    expect(
      toProfilePayload({
        ...names,
        phone: ' 0123 ',
        line_2: '   ',
        county: '',
        town_or_city: 'York ',
        postcode: ' yo1  7hh',
      }),
    ).toEqual({ ...names, phone: '0123', town_or_city: 'York', postcode: 'YO1 7HH' });
  });

  it('keeps numbers and non-empty lists, drops empty lists and non-numbers', () => {
    expect(
      toProfilePayload({ ...names, minPieceCount: 100, maxPieceCount: Number.NaN, preferredManufacturers: [] }),
    ).toEqual({ ...names, minPieceCount: 100 });
    expect(toProfilePayload({ ...names, preferredManufacturers: [2] }).preferredManufacturers).toEqual([2]);
  });

  it('sends chosen preferences and leaves out unchosen ones', () => {
    expect(toProfilePayload({ ...names, preferredDifficulty: 'advanced', conditionPreference: '' })).toEqual({
      ...names,
      preferredDifficulty: 'advanced',
    });
  });
});

describe('pieceCountOrDefault', () => {
  it('falls back to 100 for the minimum and 5000 for the maximum when emptied', () => {
    expect(pieceCountOrDefault('', 'min')).toBe(100);
    expect(pieceCountOrDefault(undefined, 'max')).toBe(5000);
    expect(pieceCountOrDefault(Number.NaN, 'max')).toBe(5000);
    expect(pieceCountOrDefault(null, 'min')).toBe(100);
  });

  it('keeps a given value', () => {
    expect(pieceCountOrDefault('750', 'min')).toBe(750);
    expect(pieceCountOrDefault(2000, 'max')).toBe(2000);
  });
});
