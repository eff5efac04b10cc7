// The 'PuzzlePoint(s)' wording, in a file without Zod: the browse cards and the puzzle page
// show it, and importing it from points.ts would make their first paint download and run
// Zod's schemas (about 24 KB compressed) for one line of text.

import { plural } from './sentences';

// The browse card's 'PuzzlePoint(s)' badge.
export function puzzlePointsLabel(points: number): string {
  return plural(points, 'PuzzlePoint');
}
