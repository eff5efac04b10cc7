import { forwardRef, useState } from 'react';
import { Link } from 'react-router';
import { MessageSquare, Printer } from 'lucide-react';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { TradingRecordList } from '../../../components/members/trading-record';
import { NEW_MEMBER_BADGE } from '../../../../domain/trust';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LazyPicture } from '../../../components/ui/lazy-picture';
import { formatCommunityDate, formatPuzzlePoints } from '../../../lib/format';
import { paths } from '../../../paths';
import { FeedbackSection } from './feedback-section';
import { AddressBlock, PackingSlip } from './packing-slip';
import { TradeActions } from './trade-actions';
import { STATUS_LABELS, tradeNumber, tradeStatusText } from './trade-status';
import { TradeTimeline } from './trade-timeline';
import { TradeTrustNotes } from './trade-trust-notes';
import type { Trade } from '../../../../domain/trades';

export interface TradeCardProps {
  trade: Trade;
  /** Opened from a link (?trade=…): drawn with a strong outline. */
  highlighted?: boolean;
}

/** One trade: the puzzle, the other member, the cost, where it stands and what to do next. */
export const TradeCard = forwardRef<HTMLElement, TradeCardProps>(function TradeCard({ trade, highlighted }, ref) {
  const [slipOpen, setSlipOpen] = useState(false);
  const isOwner = trade.role === 'owner';
  const other = trade.otherPartyName ?? 'Member';
  const headingId = `trade-${trade.id}-title`;

  return (
    <article
      ref={ref}
      id={`trade-${trade.id}`}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={`flex scroll-mt-24 flex-col gap-4 rounded-lg border-2 bg-white p-4 sm:p-6 ${
        highlighted ? 'border-brand-700 ring-4 ring-brand-200' : 'border-line'
      }`}
    >
      {highlighted && <p className="text-sm font-semibold text-brand-800">The trade you opened</p>}
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="size-28 shrink-0 overflow-hidden rounded-md border border-line">
          <LazyPicture src={trade.listing.thumbnailUrl} width={112} height={112} className="size-full object-cover" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 id={headingId} className="text-xl font-bold text-ink">
            <Link
              to={paths.puzzle.getHref(trade.listing.id)}
              className="underline underline-offset-4 hover:text-brand-800"
            >
              {trade.listing.title}
            </Link>
          </h3>
          <p className="text-ink-muted">
            {tradeNumber(trade.id)} · requested {formatCommunityDate(trade.createdAt)}
          </p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{isOwner ? 'Requested by' : 'Owner'}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              {trade.otherPartyId === null ? other : <MemberNameLink id={trade.otherPartyId} name={other} />}
              {isOwner && trade.requesterIsNewTrader && <Badge variant="highlight">{NEW_MEMBER_BADGE}</Badge>}
            </dd>
            {isOwner && trade.requesterRecord && (
              <>
                <dt className="font-semibold">Their record</dt>
                <dd>
                  <TradingRecordList record={trade.requesterRecord} />
                </dd>
              </>
            )}
            <dt className="font-semibold">Cost</dt>
            <dd>{formatPuzzlePoints(trade.puzzlePointsCost)}</dd>
            <dt className="font-semibold">Status</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <Badge variant={trade.status === 'completed' ? 'default' : 'outline'}>
                {STATUS_LABELS[trade.status]}
              </Badge>
              <span>{tradeStatusText(trade)}</span>
            </dd>
          </dl>
        </div>
      </div>

      <TradeTimeline trade={trade} />

      {trade.requestComments && (
        <div>
          <p className="font-semibold">{isOwner ? `${other} wrote` : 'You wrote'}</p>
          <p className="whitespace-pre-line">{trade.requestComments}</p>
        </div>
      )}
      {trade.status === 'declined' && trade.declineReason && (
        <p>
          <span className="font-semibold">Reason given: </span>
          {trade.declineReason}
        </p>
      )}
      {trade.status === 'pending' && trade.expiresAt && (
        <p className="text-ink-muted">
          {isOwner ? 'Please answer by ' : 'The owner has until '}
          {formatCommunityDate(trade.expiresAt)}
          {isOwner ? '.' : ' to answer.'}
        </p>
      )}

      {trade.requesterAddress && (
        <section
          aria-label={`Postal address for ${tradeNumber(trade.id)}`}
          className="flex flex-col gap-3 rounded-md border-2 border-brand-700 bg-brand-50 p-4"
        >
          <h4 className="text-lg font-bold">Send the puzzle to</h4>
          <AddressBlock address={trade.requesterAddress} className="text-lg" />
          <Button variant="secondary" className="self-start" onClick={() => setSlipOpen(true)}>
            <Printer aria-hidden="true" className="size-5" />
            Print address label and packing slip
          </Button>
          <PackingSlip trade={trade} open={slipOpen} onOpenChange={setSlipOpen} />
        </section>
      )}

      {trade.shipping && (trade.shippedAt || isOwner) && (
        <section
          aria-label={`Postage for ${tradeNumber(trade.id)}`}
          className="flex flex-col gap-1 rounded-md border border-line p-4"
        >
          <h4 className="text-lg font-bold">Postage</h4>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {trade.shipping.carrierName && (
              <>
                <dt className="font-semibold">Carrier</dt>
                <dd>{trade.shipping.carrierName}</dd>
              </>
            )}
            {trade.shipping.trackingNumber && (
              <>
                <dt className="font-semibold">Tracking number</dt>
                <dd className="font-mono break-all">{trade.shipping.trackingNumber}</dd>
              </>
            )}
            {trade.shipping.shippingNotes && (
              <>
                <dt className="font-semibold">Notes</dt>
                <dd className="whitespace-pre-line">{trade.shipping.shippingNotes}</dd>
              </>
            )}
          </dl>
          {trade.autoCompleteAt && (
            <p className="text-ink-muted">
              If nobody reports a problem, the trade completes by itself on {formatCommunityDate(trade.autoCompleteAt)}.
            </p>
          )}
        </section>
      )}

      {trade.status === 'disputed' && trade.disputeDetails && (
        <p>
          <span className="font-semibold">Problem reported: </span>
          {trade.disputeDetails}
        </p>
      )}

      <TradeTrustNotes trade={trade} />

      <TradeActions trade={trade} />

      {trade.status === 'completed' && <FeedbackSection trade={trade} />}

      {trade.threadId !== null && (
        <Link
          to={`${paths.messages.getHref()}?thread=${trade.threadId}`}
          className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-700 underline"
        >
          <MessageSquare aria-hidden="true" className="size-5" />
          Conversation with {other}
        </Link>
      )}
    </article>
  );
});
