import { Link } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE } from '../../../../domain/admin';
import {
  HIGH_BALANCE_MIN,
  POINTS_BADGE_HIGH,
  POINTS_BADGE_MEDIUM,
  STANDARD_BALANCE,
} from '../../../../domain/constants';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../paths';
import { usePointsSummary } from '../api/get-points-summary';
import { useUsers } from '../api/get-users';
import { Pager, usePageFor } from './pager';
import { PointsBadge } from './points-badge';

// The points tab (docs/product/points.md#where-points-show): the summary ('High Balances (15+)', 'Standard
// Balances (5)') and every balance, largest first, styled at 20 and 10.

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col rounded-lg border-2 border-line bg-white p-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-3xl font-bold">{value}</dd>
    </div>
  );
}

export function PointsTab() {
  const summary = usePointsSummary();
  const [page, setPage] = usePageFor('points');
  const balances = useUsers({ sort: 'puzzlePoints', dir: 'desc', page, pageSize: ADMIN_USERS_PAGE_SIZE });

  return (
    <TabSection title="Points">
      {summary.isPending ? (
        <PageSpinner />
      ) : summary.isError ? (
        <ErrorState message={errorMessage(summary.error, 'The summary could not be loaded.')} />
      ) : (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Total PuzzlePoints" value={summary.data.total} />
          <Figure label="Average balance" value={summary.data.average.toFixed(1)} />
          <Figure label={`High Balances (${HIGH_BALANCE_MIN}+)`} value={summary.data.highBalances} />
          <Figure label={`Standard Balances (${STANDARD_BALANCE})`} value={summary.data.standardBalances} />
        </dl>
      )}
      <p>
        Balances of {POINTS_BADGE_HIGH} or more are marked high, {POINTS_BADGE_MEDIUM} or more medium. To grant or
        deduct points, open the member’s page.
      </p>
      {balances.isPending ? (
        <PageSpinner />
      ) : balances.isError ? (
        <ErrorState message={errorMessage(balances.error, 'The balances could not be loaded.')} />
      ) : balances.data.items.length === 0 ? (
        <EmptyState title="No users found" />
      ) : (
        <>
          <ol
            aria-label="Balances, largest first"
            className="flex flex-col divide-y divide-line rounded-lg border border-line bg-white"
          >
            {balances.data.items.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <Link to={paths.adminMember.getHref(u.id)} className="font-semibold text-brand-700 underline">
                  {u.name}
                </Link>
                <PointsBadge points={u.puzzlePoints} />
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            pageSize={ADMIN_USERS_PAGE_SIZE}
            total={balances.data.total}
            onPage={setPage}
            label="Balances"
          />
        </>
      )}
    </TabSection>
  );
}
