// The 'PuzzlePoint(s)' wording, in a file without Zod: the browse cards and the puzzle page
// show it, and importing it from points.ts would make their first paint download and run
// Zod's schemas (about 24 KB compressed) for one line of text.

import { plural } from './sentences';

// The browse card's 'PuzzlePoint(s)' badge.
export function puzzlePointsLabel(points: number): string {
  return plural(points, 'PuzzlePoint');
}

/**
 * 'You need 4 more PuzzlePoints': how far a balance is short of a puzzle's points, in plain
 * words (the puzzle page says it before Request Puzzle); null when the balance is enough.
 */
export function pointsNeededText(balance: number, cost: number): string | null {
  const short = cost - balance;
  if (short <= 0) return null;
  return `You need ${short} more ${short === 1 ? 'PuzzlePoint' : 'PuzzlePoints'}`;
}
