import { Handshake } from 'lucide-react';
import { CONDITION_LABELS, DIFFICULTY_LABELS } from '../../../../domain/constants';
import { puzzlePointsLabel } from '../../../../domain/points-label';
import { Badge } from '../../../components/ui/badge';
import { formatPieces } from '../../../lib/format';
import type { Listing } from '../../../../domain/listings';
import { RESERVED_LABEL, isReserved } from '../listing-display';

/** 'Reserved: in a trade', for a live listing an accepted trade holds (see isReserved). */
export function ReservedBadge() {
  return (
    <Badge variant="danger" className="gap-1.5">
      <Handshake aria-hidden="true" className="size-4" />
      {RESERVED_LABEL}
    </Badge>
  );
}

/** Points and pieces, then Difficulty and Condition, each naming what it is; first, whether a trade holds it. */
export function ListingBadges({ listing, showPoints = true }: { listing: Listing; showPoints?: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {isReserved(listing) && <ReservedBadge />}
      {showPoints && <Badge variant="highlight">{puzzlePointsLabel(listing.puzzlePoints)}</Badge>}
      <Badge variant="outline">{formatPieces(listing.pieces)}</Badge>
      <Badge>Difficulty: {DIFFICULTY_LABELS[listing.difficulty]}</Badge>
      <Badge>Condition: {CONDITION_LABELS[listing.condition]}</Badge>
    </div>
  );
}
