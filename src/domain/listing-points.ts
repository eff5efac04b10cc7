import { z } from 'zod';
import { LISTING_PIECES_MAX, LISTING_PIECES_MIN, LISTING_POINTS_MAX, LISTING_POINTS_MIN } from './constants';
import { queryParam } from './fields';

// How many PuzzlePoints to ask for a puzzle, by its piece count (docs/decisions/0024): one
// scale that the List a Puzzle form suggests from and the server groups listings by when it
// says what members usually ask. The club's standard of 5 stays the value of the usual
// puzzle, 500 to 1,000 pieces; a small one takes an evening and asks less, a big one weeks
// and asks more.

/** One size of puzzle: its piece counts (inclusive) and the points suggested for it. */
export interface PointsBand {
  minPieces: number;
  maxPieces: number;
  points: number;
}

/** The scale, smallest puzzles first; the bands cover every piece count a listing may have. */
export const POINTS_SCALE: readonly PointsBand[] = [
  { minPieces: LISTING_PIECES_MIN, maxPieces: 249, points: 2 },
  { minPieces: 250, maxPieces: 449, points: 3 },
  { minPieces: 450, maxPieces: 1499, points: 5 },
  { minPieces: 1500, maxPieces: 2999, points: 7 },
  { minPieces: 3000, maxPieces: LISTING_PIECES_MAX, points: 10 },
];

/**
 * The band a piece count falls in. A count outside the listing limits (a half-typed field)
 * takes the nearest band, so the form always has a suggestion to show.
 */
export function pointsBand(pieces: number): PointsBand {
  const first = POINTS_SCALE[0]!;
  if (!Number.isFinite(pieces) || pieces < first.minPieces) return first;
  return POINTS_SCALE.find((band) => pieces <= band.maxPieces) ?? POINTS_SCALE[POINTS_SCALE.length - 1]!;
}

/** The PuzzlePoints suggested for a puzzle of this many pieces. */
export function suggestedPoints(pieces: number): number {
  return pointsBand(pieces).points;
}

/**
 * 'What others usually ask' needs this many active listings in the band: the middle value of
 * one or two listings is one member's choice, not the club's habit.
 */
export const USUAL_POINTS_MIN_LISTINGS = 3;

const PIECES_MESSAGE = `Pieces must be a whole number from ${LISTING_PIECES_MIN} to ${LISTING_PIECES_MAX}`;

/** GET /api/puzzle-listings/points-guide?pieces=1000 */
export const pointsGuideQuerySchema = z.object({
  pieces: z
    .preprocess(
      queryParam,
      z
        .string({ error: PIECES_MESSAGE })
        .regex(/^\d{1,9}$/, { error: PIECES_MESSAGE })
        .transform(Number)
        .pipe(
          z
            .number()
            .min(LISTING_PIECES_MIN, { error: PIECES_MESSAGE })
            .max(LISTING_PIECES_MAX, { error: PIECES_MESSAGE }),
        ),
    )
    .meta({ description: "The puzzle's piece count" }),
});
export type PointsGuideQuery = z.output<typeof pointsGuideQuerySchema>;

export const pointsGuideSchema = z.object({
  pieces: z.number().int(),
  /** suggestedPoints(pieces): the scale's value for this size. */
  suggestedPoints: z.number().int().min(LISTING_POINTS_MIN).max(LISTING_POINTS_MAX),
  /** The band of the scale the pieces fall in (inclusive). */
  minPieces: z.number().int(),
  maxPieces: z.number().int(),
  /** How many live listings are in the band. */
  listingCount: z.number().int(),
  /**
   * The middle (median) points of those listings, rounded to a whole number; null when fewer
   * than USUAL_POINTS_MIN_LISTINGS are live.
   */
  usualPoints: z.number().int().nullable(),
});
export type PointsGuide = z.output<typeof pointsGuideSchema>;
