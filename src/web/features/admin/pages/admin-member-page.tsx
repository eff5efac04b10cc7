import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { STATUS_LABELS } from '../../../../domain/constants';
import { formatPointsAmount, LEDGER_REASON_LABELS } from '../../../../domain/points';
import type { AdminMemberDetail } from '../../../../domain/admin';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMember as useSignedInMember } from '../../../lib/current-user';
import { formatActivityDate, formatCommunityDate, formatPuzzlePoints } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useMember } from '../api/get-member';
import { AdminGate } from '../components/admin-gate';
import { AdminToggle } from '../components/admin-toggle';
import { MembershipStatus, profileLabel, welcomeGiftLabel } from '../components/member-status';
import { PointsBadge } from '../components/points-badge';
import { PointsForm } from '../components/points-form';
import { ReportCard } from '../components/reports-tab';
import { SuspensionPanel } from '../components/suspension-panel';
import { TRADE_STATUS_WORDS } from '../components/trade-words';

// /admin/members/{id} (docs/product/administration.md#members-and-admin-status): one member as an administrator sees them: their account,
// points (grant or deduct), membership (suspend or lift), the reports about what they wrote,
// their trades, listings and points history.

export function AdminMemberPage() {
  return (
    <AdminGate>
      <MemberDetail />
    </AdminGate>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border-2 border-line bg-white p-4 sm:p-6">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function MemberDetail() {
  const id = Number(useParams().id);
  const me = useSignedInMember();
  const detail = useMember(id);
  useDocumentTitle(detail.data ? `${detail.data.member.name} (admin)` : 'Member (admin)');
  const back = (
    <Link to={paths.admin.getHref('users')} className="text-brand-700 underline">
      Back to all users
    </Link>
  );
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Member</h1>
        <ErrorState
          message={errorMessage(detail.error, 'This member could not be loaded.')}
          onRetry={() => void detail.refetch()}
        />
        {back}
      </div>
    );
  }
  const { member, trades, listings, ledger, reports } = detail.data;
  const isSelf = member.id === me.id;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        {back}
        <h1 className="text-3xl font-bold break-words">{member.name}</h1>
      </div>
      <Section title="Account">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Full name</dt>
          <dd>{[member.firstName, member.lastName].filter(Boolean).join(' ') || 'Not given'}</dd>
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{member.email}</dd>
          <dt className="font-semibold">Joined</dt>
          <dd>{formatCommunityDate(member.joinedAt)}</dd>
          <dt className="font-semibold">Last signed in</dt>
          <dd>{member.lastActiveAt ? formatActivityDate(member.lastActiveAt) : 'Not yet'}</dd>
          <dt className="font-semibold">PuzzlePoints</dt>
          <dd>
            <PointsBadge points={member.puzzlePoints} />
          </dd>
          <dt className="font-semibold">Completed trades</dt>
          <dd>{member.completedTrades}</dd>
          <dt className="font-semibold">Welcome gift</dt>
          <dd>{welcomeGiftLabel(member.hasSeenWelcomeGift)}</dd>
          <dt className="font-semibold">Profile</dt>
          <dd>{profileLabel(member.profileCompleted)}</dd>
          <dt className="font-semibold">Membership</dt>
          <dd>
            <MembershipStatus member={member} />
          </dd>
          <dt className="font-semibold">Admin status</dt>
          <dd>
            <AdminToggle member={member} isSelf={isSelf} />
          </dd>
        </dl>
      </Section>
      <Section title="Grant or deduct points">
        {isSelf ? (
          <p>You cannot change your own balance. Please ask another administrator.</p>
        ) : (
          <PointsForm member={member} />
        )}
      </Section>
      <Section title="Membership">
        {isSelf ? <p>You cannot suspend yourself.</p> : <SuspensionPanel member={member} />}
      </Section>
      <Section title="Reports about what they wrote">
        {reports.length === 0 ? (
          <EmptyState framed={false}>Nobody has reported anything they wrote.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-4">
            {reports.map((r) => (
              <li key={r.id}>
                <ReportCard report={r} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Trades">
        <Trades trades={trades} memberId={member.id} />
      </Section>
      <Section title="Listings">
        {listings.length === 0 ? (
          <EmptyState framed={false}>No listings.</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {listings.map((l) => (
              <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <Link to={paths.puzzle.getHref(l.id)} className="font-semibold text-brand-700 underline">
                  {l.title}
                </Link>
                <span>
                  {STATUS_LABELS[l.status]}, {formatPuzzlePoints(l.puzzlePoints)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="PuzzlePoints history">
        {ledger.length === 0 ? (
          <EmptyState framed={false}>No PuzzlePoints movements yet.</EmptyState>
        ) : (
          <ol className="flex flex-col divide-y divide-line">
            {ledger.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-2">
                <span>
                  <span className="font-semibold">{LEDGER_REASON_LABELS[entry.reason]}</span>
                  {entry.puzzleTitle ? `: ${entry.puzzleTitle}` : ''}
                  <span className="block text-ink-muted">{formatActivityDate(entry.createdAt)}</span>
                </span>
                <span className="text-right">
                  <span className="font-bold">{formatPointsAmount(entry.amount)}</span>
                  <span className="block text-ink-muted">Balance after: {formatPuzzlePoints(entry.balanceAfter)}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

function Trades({ trades, memberId }: { trades: AdminMemberDetail['trades']; memberId: number }) {
  if (trades.length === 0) return <EmptyState framed={false}>No trades yet.</EmptyState>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {trades.map((t) => {
        const asked = t.requesterId === memberId;
        return (
          <li key={t.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between">
            <span>
              <span className="font-semibold">
                Trade #{t.id}: {t.listing.title}
              </span>
              <span className="block text-ink-muted">
                {asked ? `Asked ${t.ownerName} for it` : `Asked for by ${t.requesterName}`},{' '}
                {formatCommunityDate(t.createdAt)}
              </span>
            </span>
            <span>
              {TRADE_STATUS_WORDS[t.status]}, {formatPuzzlePoints(t.puzzlePointsCost)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
