import { ChartNoAxesColumn } from 'lucide-react';
import { DASHBOARD_POINTS_FALLBACK } from '../../../../domain/constants';
import { formatPuzzlePoints } from '../../../lib/format';
import type { MemberStats } from '../../../../domain/stats';
import { CardProblem, DashboardCard } from './dashboard-card';

/** Trading Activity: the member's figures from GET /api/stats and their PuzzlePoints balance. */
export function TradingActivityCard({
  stats,
  puzzlePoints,
}: {
  stats: MemberStats | undefined;
  puzzlePoints?: number | null;
}) {
  return (
    <DashboardCard title="Trading Activity" icon={ChartNoAxesColumn}>
      {stats ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
          <Figure term="Puzzles Listed" value={String(stats.puzzlesListed)} />
          <Figure term="Successful Trades" value={String(stats.successfulTrades)} />
          <Figure
            term="Member Rating"
            value={stats.rating === null ? 'New Member' : `${stats.rating.toFixed(1)} out of 5`}
          />
        </dl>
      ) : (
        <CardProblem what="Your trading figures" />
      )}
      <p className="mt-auto rounded-md bg-highlight-100 px-4 py-3 text-highlight-900">
        <span className="font-semibold">PuzzlePoints balance:</span>{' '}
        {formatPuzzlePoints(puzzlePoints ?? DASHBOARD_POINTS_FALLBACK)}
      </p>
    </DashboardCard>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="contents">
      <dt>{term}</dt>
      <dd className="text-right font-bold">{value}</dd>
    </div>
  );
}
