import { Button } from '../../../components/ui/button';
import { usePointsGuide } from '../api/get-points-guide';
import { puzzlePointsLabel } from '../../../../domain/points-label';

const n = (value: number) => value.toLocaleString('en-GB');

/**
 * Under the PuzzlePoints box (docs/decisions/0024): the scale's suggestion for the puzzle's
 * size, a button to use it, and what other members usually ask for a puzzle that size.
 */
export function PointsGuidance({
  pieces,
  suggestion,
  onUse,
}: {
  pieces: number | null;
  suggestion: number;
  onUse: (points: number) => void;
}) {
  const guide = usePointsGuide(pieces);
  const usual = guide.data;
  return (
    <div className="mt-1 flex flex-col items-start gap-2">
      <p>
        Suggested{pieces === null ? '' : ` for ${n(pieces)} pieces`}: <strong>{puzzlePointsLabel(suggestion)}</strong>.
      </p>
      <Button variant="secondary" onClick={() => onUse(suggestion)}>
        Use {puzzlePointsLabel(suggestion)}
      </Button>
      {usual &&
        (usual.usualPoints === null ? (
          <p>
            Too few puzzles of {n(usual.minPieces)} to {n(usual.maxPieces)} pieces are listed yet to say what members
            usually ask.
          </p>
        ) : (
          <p>
            Others usually ask <strong>{puzzlePointsLabel(usual.usualPoints)}</strong> for puzzles of{' '}
            {n(usual.minPieces)} to {n(usual.maxPieces)} pieces ({n(usual.listingCount)} listed now).
          </p>
        ))}
    </div>
  );
}
