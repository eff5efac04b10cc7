import { Link } from 'react-router';
import { formatPointsAmount, LEDGER_REASON_LABELS } from '../../../../domain/points';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatActivityDate, formatPuzzlePoints } from '../../../lib/format';
import { paths } from '../../../paths';
import { usePointsTransactions } from '../api/get-points-transactions';

export interface PointsHistoryProps {
  /** The heading's level where the section is placed (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * 'PuzzlePoints history': every movement of the member's points, newest first, with the
 * reason, the balance after it and a link to its trade (docs/product/points.md#the-ledger, GET /points/transactions).
 */
export function PointsHistory({ headingLevel = 2, className }: PointsHistoryProps) {
  const query = usePointsTransactions();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section aria-labelledby="points-history-heading" className={`flex flex-col gap-4 ${className ?? ''}`}>
      <Heading id="points-history-heading" className="text-2xl font-bold text-ink">
        PuzzlePoints history
      </Heading>
      {query.isPending ? (
        <Spinner label="Loading your PuzzlePoints history" />
      ) : query.isError ? (
        <ErrorState message="Failed to load your PuzzlePoints history." onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>No PuzzlePoints movements yet.</EmptyState>
      ) : (
        <ol
          className="flex flex-col divide-y divide-line rounded-lg border border-line bg-white"
          data-testid="points-history"
        >
          {query.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 p-4">
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold text-ink">{LEDGER_REASON_LABELS[entry.reason]}</span>
                <span className="text-sm text-ink-muted">{formatActivityDate(entry.createdAt)}</span>
                {entry.tradeRequestId !== null && (
                  <Link
                    to={paths.trades.getHref({ trade: entry.tradeRequestId })}
                    className="inline-flex min-h-11 items-center text-brand-700 underline"
                  >
                    Trade #{entry.tradeRequestId}
                    {entry.puzzleTitle ? `: ${entry.puzzleTitle}` : ''}
                  </Link>
                )}
              </div>
              <div className="flex flex-col items-end">
                <span className="text-lg font-bold text-ink">
                  {formatPointsAmount(entry.amount)}
                  <span className="sr-only"> {Math.abs(entry.amount) === 1 ? 'PuzzlePoint' : 'PuzzlePoints'}</span>
                </span>
                <span className="text-sm text-ink-muted">Balance after: {formatPuzzlePoints(entry.balanceAfter)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
