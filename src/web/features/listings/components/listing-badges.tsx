import { CONDITION_LABELS, DIFFICULTY_LABELS } from '../../../../domain/constants';
import { puzzlePointsLabel } from '../../../../domain/points';
import { Badge } from '../../../components/ui/badge';
import { formatPieces } from '../../../lib/format';
import type { Listing } from '../types';

/** Points and pieces, then Difficulty and Condition, each naming what it is. */
export function ListingBadges({ listing, showPoints = true }: { listing: Listing; showPoints?: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {showPoints && <Badge variant="highlight">{puzzlePointsLabel(listing.puzzlePoints)}</Badge>}
      <Badge variant="outline">{formatPieces(listing.pieces)}</Badge>
      <Badge>Difficulty: {DIFFICULTY_LABELS[listing.difficulty]}</Badge>
      <Badge>Condition: {CONDITION_LABELS[listing.condition]}</Badge>
    </div>
  );
}
