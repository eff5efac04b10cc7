import { describe, expect, it } from 'vitest';
import {
  LISTING_PIECES_MAX,
  LISTING_PIECES_MIN,
  LISTING_POINTS_MAX,
  LISTING_POINTS_MIN,
  LISTING_POINTS_STANDARD,
  POINTS_SCALE,
  pointsBand,
  pointsGuideQuerySchema,
  suggestedPoints,
} from '../../../src/domain';
import { pointsNeededText } from '../../../src/domain/points-label';

describe('the suggested points scale', () => {
  it('suggests the standard 5 for the usual puzzle of 500 to 1,000 pieces', () => {
    expect(suggestedPoints(500)).toBe(LISTING_POINTS_STANDARD);
    expect(suggestedPoints(1000)).toBe(LISTING_POINTS_STANDARD);
  });

  it('follows the documented bands, edges included', () => {
    const cases: [number, number][] = [
      [1, 2],
      [249, 2],
      [250, 3],
      [449, 3],
      [450, 5],
      [1499, 5],
      [1500, 7],
      [2999, 7],
      [3000, 10],
      [LISTING_PIECES_MAX, 10],
    ];
    for (const [pieces, points] of cases) expect(suggestedPoints(pieces), `${pieces} pieces`).toBe(points);
  });

  it('covers every allowed piece count once, in order, with points a listing may ask', () => {
    expect(POINTS_SCALE[0]!.minPieces).toBe(LISTING_PIECES_MIN);
    expect(POINTS_SCALE.at(-1)!.maxPieces).toBe(LISTING_PIECES_MAX);
    for (let i = 1; i < POINTS_SCALE.length; i++) {
      expect(POINTS_SCALE[i]!.minPieces).toBe(POINTS_SCALE[i - 1]!.maxPieces + 1);
      expect(POINTS_SCALE[i]!.points).toBeGreaterThan(POINTS_SCALE[i - 1]!.points);
    }
    for (const band of POINTS_SCALE) {
      expect(band.points).toBeGreaterThanOrEqual(LISTING_POINTS_MIN);
      expect(band.points).toBeLessThanOrEqual(LISTING_POINTS_MAX);
    }
  });

  it('gives a half-typed count the nearest band', () => {
    expect(pointsBand(0)).toBe(POINTS_SCALE[0]);
    expect(pointsBand(Number.NaN)).toBe(POINTS_SCALE[0]);
    expect(pointsBand(LISTING_PIECES_MAX + 1)).toBe(POINTS_SCALE.at(-1));
  });

  it('reads the pieces from a query string, and names the field when it is wrong', () => {
    expect(pointsGuideQuerySchema.parse({ pieces: '1000' })).toEqual({ pieces: 1000 });
    for (const bad of [{}, { pieces: '0' }, { pieces: '50001' }, { pieces: 'lots' }, { pieces: '1.5' }]) {
      const result = pointsGuideQuerySchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Pieces must be a whole number from 1 to 50000');
    }
  });
});

describe('points still needed', () => {
  it('says how many more, in plain words, and nothing when the balance is enough', () => {
    expect(pointsNeededText(1, 5)).toBe('You need 4 more PuzzlePoints');
    expect(pointsNeededText(4, 5)).toBe('You need 1 more PuzzlePoint');
    expect(pointsNeededText(5, 5)).toBeNull();
    expect(pointsNeededText(9, 5)).toBeNull();
  });
});
