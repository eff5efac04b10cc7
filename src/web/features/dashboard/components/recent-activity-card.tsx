import { Link } from 'react-router';
import { History } from 'lucide-react';
import { differenceInDays, formatDistanceToNow } from 'date-fns';
import { formatActivityDate } from '../../../lib/format';
import type { ActivityItem } from '../../../../domain/stats';
import { CardProblem, DashboardCard } from './dashboard-card';

/** Under a week old: '2 hours ago'; older: the club's date and time, '5 Mar 2024 at 14:30'. */
function whenText(at: string, now: Date): string {
  const date = new Date(at);
  if (differenceInDays(now, date) < 7) return formatDistanceToNow(date, { addSuffix: true });
  return formatActivityDate(date);
}

/** Recent Activity: the member's own latest events, newest first. */
export function RecentActivityCard({ items }: { items: ActivityItem[] | undefined }) {
  const now = new Date();
  return (
    <DashboardCard title="Recent Activity" icon={History}>
      {!items && <CardProblem what="Your recent activity" />}
      {items && items.length === 0 && <p>No recent activity yet</p>}
      {items && items.length > 0 && (
        <ul className="flex flex-col divide-y divide-line">
          {items.map((item, index) => (
            <li key={`${item.at}-${index}`} className="flex flex-col py-2 first:pt-0">
              {item.link ? (
                <Link to={item.link} className="text-brand-700 underline hover:text-brand-900">
                  {item.description}
                </Link>
              ) : (
                <span>{item.description}</span>
              )}
              <time dateTime={item.at} className="text-ink-muted">
                {whenText(item.at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
