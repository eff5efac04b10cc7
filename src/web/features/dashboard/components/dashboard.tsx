import { useRef } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { useMember } from '../../../lib/current-user';
import { useMemberContent } from '../api/get-member-content';
import { useRecentActivity } from '../api/get-recent-activity';
import { useStats } from '../api/get-stats';
import { CommunityHighlightsCard } from './community-highlights-card';
import { QuickActionsCard } from './quick-actions-card';
import { RecentActivityCard } from './recent-activity-card';
import { TradingActivityCard } from './trading-activity-card';
import { WelcomePanel } from './welcome-panel';
import { YourProfileCard } from './your-profile-card';

/**
 * The member home's body (docs/product/screens.md#member-home): a spinner first, then the welcome panel and the
 * five cards. The three reads start together (no waterfall); the page shows once all have
 * answered, so the cards do not jump about while an older reader is reading them. A card
 * whose read failed says so and the others still show.
 */
export function Dashboard() {
  const member = useMember();
  const stats = useStats();
  const activity = useRecentActivity();
  const content = useMemberContent();
  const cardsHeading = useRef<HTMLHeadingElement>(null);

  if (stats.isPending || activity.isPending || content.isPending) return <PageSpinner />;

  return (
    <div className="mt-6 flex flex-col gap-8">
      <WelcomePanel onContinue={() => cardsHeading.current?.focus()} />
      <div>
        <h2 ref={cardsHeading} tabIndex={-1} className="sr-only">
          Your dashboard
        </h2>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <YourProfileCard member={member} />
          <TradingActivityCard stats={stats.data} puzzlePoints={member.puzzlePoints} />
          <QuickActionsCard />
          <RecentActivityCard items={activity.data} />
          <CommunityHighlightsCard highlights={content.data?.communityHighlights} />
        </div>
      </div>
    </div>
  );
}
