import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LISTING_STATUSES, TRADE_STATUSES } from '../../../../domain/enums';
import { STATUS_LABELS } from '../../../../domain/constants';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../paths';
import { useOverview } from '../api/get-overview';
import { TRADE_STATUS_WORDS } from './trade-words';

// docs/product/administration.md#overview: the club at a glance, first of the tabs. The points figures are the
// conservation rule of docs/product/points.md#the-points-invariant (balances + held = granted): the panel says whether they
// agree, so an administrator would see at once if points were ever created or lost.

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded-lg border-2 border-line bg-white p-4">
      <h3 className="text-xl font-bold">{title}</h3>
      {children}
    </section>
  );
}

function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OverviewTab() {
  const overview = useOverview();
  if (overview.isPending) return <PageSpinner />;
  if (overview.isError) {
    return (
      <ErrorState
        message={errorMessage(overview.error, 'The overview could not be loaded.')}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const o = overview.data;
  return (
    <TabSection title="Overview">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Members">
          <Figures
            rows={[
              ['Members', o.members.total],
              ['Joined in the last 30 days', o.members.joinedLast30Days],
              ['Suspended', o.members.suspended],
              ['Administrators', o.members.admins],
            ]}
          />
        </Card>
        <Card title="Listings">
          <Figures rows={LISTING_STATUSES.map((s) => [STATUS_LABELS[s], o.listings[s]])} />
        </Card>
        <Card title="Trades">
          <Figures rows={TRADE_STATUSES.map((s) => [TRADE_STATUS_WORDS[s], o.trades[s]])} />
        </Card>
        <Card title="Waiting for an administrator">
          <Figures
            rows={[
              [
                'Open disputes',
                <Link key="d" to={paths.admin.getHref('disputes')} className="text-brand-700 underline">
                  {o.openDisputes}
                </Link>,
              ],
              [
                'Open reports',
                <Link key="r" to={paths.admin.getHref('reports')} className="text-brand-700 underline">
                  {o.openReports}
                </Link>,
              ],
            ]}
          />
        </Card>
        <Card title="PuzzlePoints">
          <Figures
            rows={[
              ["In members' balances", o.points.inBalances],
              ['Held for trades under way', o.points.held],
              ['Granted (welcome gifts and grants, less deductions)', o.points.granted],
            ]}
          />
          {o.points.agree ? (
            <p className="flex items-start gap-2 font-semibold text-brand-800">
              <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0" />
              The figures agree: balances and held points add up to every point granted.
            </p>
          ) : (
            <p role="alert" className="flex items-start gap-2 font-semibold text-danger-700">
              <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
              The figures do not agree. Please tell whoever looks after the club’s computer.
            </p>
          )}
        </Card>
      </div>
    </TabSection>
  );
}
