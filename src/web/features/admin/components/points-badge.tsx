import { pointsBadgeTier, type PointsBadgeTier } from '../../../../domain/admin';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

// docs/product/screens.md#admin: balances are styled at 20 and 10. The words say the tier too, so colour is
// never the only sign.
const TIERS: Record<PointsBadgeTier, { variant: BadgeProps['variant']; word: string }> = {
  high: { variant: 'default', word: 'high' },
  medium: { variant: 'highlight', word: 'medium' },
  low: { variant: 'outline', word: 'low' },
};

export function PointsBadge({ points }: { points: number }) {
  const tier = TIERS[pointsBadgeTier(points)];
  return (
    <Badge variant={tier.variant} className="whitespace-nowrap">
      {/* One span: a flex badge would drop the spaces between separate pieces of text. */}
      <span>
        {points}
        <span className="sr-only"> PuzzlePoints,</span> ({tier.word})
      </span>
    </Badge>
  );
}
