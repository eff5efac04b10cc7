import { useState } from 'react';
import type { z } from 'zod';
import { resolveDisputeSchema, type ResolveDisputeBody, type Trade } from '../../../../domain/trades';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatActivityDate, formatPuzzlePoints } from '../../../lib/format';
import { useDisputedTrades } from '../api/get-disputed-trades';
import { useResolveDispute } from '../api/resolve-dispute';

// docs/product/trades.md#disputes: a disputed trade is frozen, its points held, until an administrator decides
// it. The decision is final and moves points, so each choice is confirmed in a dialog that
// says exactly what will happen, with room for a note kept in the activity log.

const NOTES_MAX = 500;
// The outcome is the button the administrator pressed; the dialog asks only for the note.
const notesSchema = resolveDisputeSchema.pick({ notes: true });

/** The 'Trade disputes' section of /admin: every dispute waiting for a decision. */
export function TradeDisputes() {
  const disputes = useDisputedTrades();
  return (
    <section aria-labelledby="trade-disputes-title" className="mt-8">
      <h2 id="trade-disputes-title" className="text-2xl font-bold">
        Trade disputes
      </h2>
      <p className="mt-2">
        When a member reports a problem with a trade, its points stay held until you decide: complete it (the owner is
        paid) or refund it (the points go back to the member who asked, and the puzzle is listed again).
      </p>
      {disputes.isPending ? (
        <PageSpinner />
      ) : disputes.isError ? (
        <ErrorState
          className="mt-4"
          message={errorMessage(disputes.error, 'The disputes could not be loaded.')}
          onRetry={() => void disputes.refetch()}
        />
      ) : disputes.data.length === 0 ? (
        <EmptyState className="mt-4">No trades are waiting for a decision.</EmptyState>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {disputes.data.map((trade) => (
            <li key={trade.id}>
              <DisputeCard trade={trade} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DisputeCard({ trade }: { trade: Trade }) {
  const [open, setOpen] = useState<ResolveDisputeBody['outcome'] | null>(null);
  const resolve = useResolveDispute();
  const headingId = `dispute-${trade.id}-title`;
  const reporter =
    trade.disputedById === trade.requesterId
      ? `${trade.requesterName} (asked for the puzzle)`
      : `${trade.ownerName} (owner)`;
  const held = formatPuzzlePoints(trade.heldPoints);
  const title = `“${trade.listing.title}”`;

  const decide = (outcome: ResolveDisputeBody['outcome'], notes: string | null | undefined) => {
    resolve.mutate(
      { tradeId: trade.id, body: { outcome, notes } },
      {
        onSuccess: () => {
          setOpen(null);
          // A short name ends with its initial's full stop ('Ruth B.'), so it ends the sentence.
          toast({
            title: 'Dispute resolved',
            description:
              outcome === 'complete'
                ? `Both members have been told. ${held} went to ${trade.ownerName}`
                : `Both members have been told. ${held} went back to ${trade.requesterName}`,
          });
        },
        onError: (error) => {
          toast({
            title: 'Could not resolve the dispute',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  const dialogProps = (outcome: ResolveDisputeBody['outcome']) => ({
    open: open === outcome,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? outcome : null),
    isPending: resolve.isPending,
    fields: [{ name: 'notes', label: 'Note for the activity log', multiline: true, maxLength: NOTES_MAX }],
    schema: notesSchema,
    onConfirm: ({ notes }: z.output<typeof notesSchema>) => decide(outcome, notes),
  });

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border-2 border-line bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-xl font-bold">
        Trade #{trade.id}: {title}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Asked for by</dt>
        <dd>{trade.requesterName}</dd>
        <dt className="font-semibold">Owner</dt>
        <dd>{trade.ownerName}</dd>
        <dt className="font-semibold">Points held</dt>
        <dd>{held}</dd>
        <dt className="font-semibold">Sent</dt>
        <dd>
          {trade.shippedAt ? formatActivityDate(trade.shippedAt) : 'Not marked as sent'}
          {trade.shipping?.carrierName ? `, ${trade.shipping.carrierName}` : ''}
          {trade.shipping?.trackingNumber ? `, tracking ${trade.shipping.trackingNumber}` : ''}
        </dd>
        <dt className="font-semibold">Reported by</dt>
        <dd>
          {reporter}
          {trade.disputedAt ? ` on ${formatActivityDate(trade.disputedAt)}` : ''}
        </dd>
      </dl>
      {trade.disputeDetails && (
        <div>
          <p className="font-semibold">What they said</p>
          <blockquote className="mt-1 border-l-4 border-brand-700 bg-brand-50 p-3 whitespace-pre-line">
            {trade.disputeDetails}
          </blockquote>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setOpen('complete')} disabled={resolve.isPending}>
          Complete: pay {trade.ownerName}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('refund')} disabled={resolve.isPending}>
          Refund {trade.requesterName}
        </Button>
      </div>

      <StepDialog
        {...dialogProps('complete')}
        title="Complete this trade?"
        description={
          <p>
            The {held} held for {title} will go to {trade.ownerName}, and the puzzle will count as sold. Both members
            will be told. This cannot be undone.
          </p>
        }
        confirmLabel="Yes, complete the trade"
      />
      <StepDialog
        {...dialogProps('refund')}
        title="Refund this trade?"
        description={
          <p>
            The {held} held for {title} will go back to {trade.requesterName}, and the puzzle will be listed again. Both
            members will be told. This cannot be undone.
          </p>
        }
        confirmLabel="Yes, refund"
        confirmVariant="destructive"
      />
    </article>
  );
}
