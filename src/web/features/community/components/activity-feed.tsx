import { useRef } from 'react';
import { Link } from 'react-router';
import { Activity } from 'lucide-react';
import { communityPostPath } from '../../../../domain/community-list';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { formatActivityDate } from '../../../lib/format';
import { useActivities } from '../api/get-activities';
import { AuthorName } from './post-card';
import { useErrorToast } from './use-error-toast';

/** 'Recent Community Activity' (docs/product/community.md#the-activity-feed): who, what, when, and '+N points' above 0; 50 at a time. */
export function ActivityFeed() {
  const activities = useActivities({ enabled: true });
  const items = activities.data?.pages.flat() ?? [];
  const list = useRef<HTMLOListElement>(null);
  useErrorToast(activities.isError, 'Failed to fetch activities');
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
      <h2 id="activity-heading" className="text-2xl font-bold">
        Recent Community Activity
      </h2>
      {activities.isPending ? (
        <ActivitySkeleton />
      ) : activities.isError ? (
        <ErrorState message="Failed to fetch activities" onRetry={() => void activities.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Activity} title="No activity yet">
          New posts, replies and completed trades will show here.
        </EmptyState>
      ) : (
        <>
          <ol ref={list} className="flex flex-col gap-3">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-line bg-white p-4"
              >
                <div className="flex flex-col gap-1">
                  <p>
                    <AuthorName userId={item.userId} userName={item.userName} />
                  </p>
                  <p>{item.description}</p>
                  <p className="text-ink-muted">{formatActivityDate(item.createdAt)}</p>
                  {(item.activityType === 'post_created' || item.activityType === 'reply_posted') &&
                    item.targetId !== null && (
                      <Link to={communityPostPath(item.targetId)} className="font-semibold text-brand-700 underline">
                        Open the post
                        {/* Says which post to a screen reader listing the links; the line above names it. */}
                        <span className="sr-only"> – {item.description}</span>
                      </Link>
                    )}
                </div>
                {item.points > 0 && <Badge>+{item.points} points</Badge>}
              </li>
            ))}
          </ol>
          <LoadMore results={activities} list={list} label="Load more activity" />
        </>
      )}
    </section>
  );
}

/** 10 grey stand-ins while the feed loads (docs/product/screens.md#community). */
function ActivitySkeleton() {
  return (
    <ul className="flex flex-col gap-3" aria-hidden="true" data-testid="activity-skeletons">
      {Array.from({ length: 10 }, (_, i) => (
        <li key={i} className="flex animate-pulse flex-col gap-2 rounded-lg border border-line bg-white p-4">
          <div className="h-5 w-2/3 rounded bg-line" />
          <div className="h-5 w-1/3 rounded bg-line" />
        </li>
      ))}
    </ul>
  );
}
