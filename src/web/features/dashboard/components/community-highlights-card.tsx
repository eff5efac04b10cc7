import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { CATEGORY_LABELS } from '../../../../domain/constants';
import type { CommunityCategory } from '../../../../domain/enums';
import { formatCommunityDate } from '../../../lib/format';
import { paths } from '../../../paths';
import type { CommunityHighlights } from '../../../../domain/stats';
import { CardProblem, DashboardCard } from './dashboard-card';

const LINKS = [
  { label: 'Visit the Community', href: paths.community.getHref() },
  { label: 'Manage My Listings', href: paths.myListings.getHref() },
  { label: 'Update My Profile', href: paths.profile.getHref() },
];

const categoryLabel = (category: string) => CATEGORY_LABELS[category as CommunityCategory] ?? category;

/** Community Highlights: the club's live figures, the newest forum posts, and the way to them. */
export function CommunityHighlightsCard({ highlights }: { highlights: CommunityHighlights | undefined }) {
  return (
    <DashboardCard title="Community Highlights" icon={Users}>
      {highlights ? (
        <>
          <ul className="flex flex-col gap-1">
            <li>
              <span className="font-bold">{highlights.activeListings.toLocaleString('en-GB')}</span>{' '}
              {highlights.activeListings === 1 ? 'puzzle' : 'puzzles'} available to trade
            </li>
            <li>
              <span className="font-bold">{highlights.members.toLocaleString('en-GB')}</span>{' '}
              {highlights.members === 1 ? 'member' : 'members'} in the club
            </li>
          </ul>
          {highlights.latestPosts.length > 0 && (
            <div>
              <h3 className="font-semibold">Latest forum posts</h3>
              <ul className="mt-1 flex flex-col gap-2">
                {highlights.latestPosts.map((post) => (
                  <li key={post.id}>
                    <Link
                      to={paths.community.getHref(post.id)}
                      className="text-brand-700 underline hover:text-brand-900"
                    >
                      {post.title}
                    </Link>
                    <span className="block text-ink-muted">
                      {categoryLabel(post.category)} · {formatCommunityDate(post.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <CardProblem what="The club's highlights" />
      )}
      <ul className="mt-auto flex flex-col gap-1">
        {LINKS.map(({ label, href }) => (
          <li key={href}>
            <Link to={href} className="inline-flex min-h-11 items-center text-brand-700 underline hover:text-brand-900">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
