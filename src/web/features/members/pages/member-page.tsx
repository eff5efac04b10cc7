import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowLeft, EyeOff, Mail, MessageSquareText, Puzzle } from 'lucide-react';
import type { MemberPage as MemberPageData } from '../../../../domain/member-pages';
import type { Listing } from '../../../../domain/listings';
import { MemberAvatar } from '../../../components/members/member-avatar';
import { buttonClasses, Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useMember } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useMemberPage } from '../api/get-member-page';
import { AchievementBadges } from '../components/achievement-badges';
import { FeedbackReceived } from '../components/feedback-received';
import { MemberFacts } from '../components/member-facts';
import { TradingRecordList } from '../../../components/members/trading-record';
import { formatClubDayOrDate } from '../../../../domain/dates';
import { parseUrlId } from '../../../lib/url-id';

export interface MemberPageProps {
  /** The browse card, drawn by the listings feature (the router passes it in). */
  ListingCard: ComponentType<{ listing: Listing }>;
  /** 'Send a message', drawn by the messages feature (the router passes it in). */
  MessageMemberDialog: ComponentType<{
    member: { id: number; name: string };
    open: boolean;
    onOpenChange: (open: boolean) => void;
  }>;
}

/** /members/{id} (docs/product/members.md#member-pages): a member as other members see them. */
export function MemberPage({ ListingCard, MessageMemberDialog }: MemberPageProps) {
  const id = parseUrlId(useParams().id);
  const page = useMemberPage(id);
  useDocumentTitle(page.data?.name ?? (id !== null && page.isPending ? 'Member' : 'Member not found'));

  if (id !== null && page.isPending) return <PageSpinner />;
  if (id === null || !page.data) {
    const missing = id === null || (page.error instanceof ApiError && page.error.status === 404);
    return (
      <div role={missing ? undefined : 'alert'} className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">{missing ? 'Member not found' : 'This page could not be loaded'}</h1>
        {missing ? (
          <p>This member may have left the club, or keeps their page private.</p>
        ) : (
          <Button onClick={() => void page.refetch()}>Try again</Button>
        )}
        <BackToDirectory />
      </div>
    );
  }
  return <MemberProfile member={page.data} ListingCard={ListingCard} MessageMemberDialog={MessageMemberDialog} />;
}

function BackToDirectory() {
  return (
    <Link to={paths.memberDirectory.getHref()} className={buttonClasses({ variant: 'ghost', className: 'self-start' })}>
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back to the Member Directory
    </Link>
  );
}

function MemberProfile({ member, ListingCard, MessageMemberDialog }: { member: MemberPageData } & MemberPageProps) {
  const me = useMember();
  const own = me.id === member.id;
  const [writing, setWriting] = useState(false);
  const { hash } = useLocation();

  // Opened at a section (a notification's link to #achievements): the page is drawn only now.
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    section?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className="flex flex-col gap-10">
      <BackToDirectory />
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <MemberAvatar name={member.name} url={member.avatarUrl} size="huge" />
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-4xl font-bold break-words">{member.name}</h1>
          <MemberFacts member={member} className="text-lg" />
          {member.awayUntil && (
            <p className="self-start rounded-md border-2 border-highlight-900 bg-highlight-100 px-3 py-1 text-lg font-semibold text-ink">
              Away until {formatClubDayOrDate(member.awayUntil)}
            </p>
          )}
          {member.welcomeMessage && (
            <blockquote className="border-l-4 border-brand-700 pl-3 text-lg break-words whitespace-pre-line italic">
              {member.welcomeMessage}
            </blockquote>
          )}
          {!own && (
            <Button variant="primary" className="self-start" onClick={() => setWriting(true)}>
              <Mail aria-hidden="true" className="size-5" />
              Send a message<span className="sr-only"> to {member.name}</span>
            </Button>
          )}
        </div>
      </header>
      {!own && writing && (
        <Suspense fallback={null}>
          <MessageMemberDialog member={{ id: member.id, name: member.name }} open onOpenChange={setWriting} />
        </Suspense>
      )}

      {own && (
        <div className="flex flex-col items-start gap-3 rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
          {member.isPrivate ? (
            <p className="flex items-start gap-2 font-semibold">
              <EyeOff aria-hidden="true" className="mt-1 size-5 shrink-0" />
              Your page is private: only you and the club's administrators can see it.
            </p>
          ) : (
            <p className="font-semibold">This is your page as other members see it.</p>
          )}
          <Link
            to={`${paths.profile.getHref()}#member-page-settings`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Change how other members see you
          </Link>
        </div>
      )}

      <Section id="about" title="About me">
        {member.aboutMe ? (
          <p className="text-lg break-words whitespace-pre-line">{member.aboutMe}</p>
        ) : (
          <p className="text-ink-muted">
            {own ? 'You have not written anything about yourself yet.' : 'Nothing here yet.'}
          </p>
        )}
      </Section>

      <Section id="record" title="Trading record">
        <TradingRecordList record={member.record} className="flex flex-col gap-1 text-lg" />
      </Section>

      <Section id="achievements" title="Achievements">
        {member.achievements.length === 0 && !own ? (
          <p className="text-ink-muted">No achievements yet.</p>
        ) : (
          <AchievementBadges earned={member.achievements} showLocked={own} />
        )}
      </Section>

      <Section id="puzzles" title="Puzzles on offer">
        {member.activeListings.length === 0 ? (
          <EmptyState icon={Puzzle}>
            {own ? 'You have no puzzles on offer at the moment.' : 'No puzzles on offer at the moment.'}
          </EmptyState>
        ) : (
          <ul
            className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={`Puzzles ${member.name} offers`}
          >
            {member.activeListings.map((listing) => (
              <li key={listing.id} className="flex">
                <div className="w-full">
                  <ListingCard listing={listing} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="feedback" title="Feedback from other members">
        {member.feedback.length === 0 ? (
          <EmptyState icon={MessageSquareText}>No feedback yet.</EmptyState>
        ) : (
          <FeedbackReceived feedback={member.feedback} memberName={member.name} />
        )}
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
