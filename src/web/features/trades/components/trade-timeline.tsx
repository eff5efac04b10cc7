import { Check, Circle, X } from 'lucide-react';
import { formatCommunityDate } from '../../../lib/format';
import type { Trade } from '../../../../domain/trades';

interface Step {
  label: string;
  at: string | null;
}

/** How a trade ended early, in words, with its date. */
function endingOf(trade: Trade): Step | null {
  switch (trade.status) {
    case 'declined':
      return { label: 'Declined', at: trade.declinedAt ?? trade.updatedAt };
    case 'cancelled':
      return { label: 'Cancelled', at: trade.cancelledAt ?? trade.updatedAt };
    case 'expired':
      return { label: 'Expired (not answered within 7 days)', at: trade.updatedAt };
    case 'disputed':
      return { label: 'Problem reported', at: trade.disputedAt ?? trade.updatedAt };
    case 'refunded':
      return { label: 'Refunded after a reported problem', at: trade.resolvedAt ?? trade.updatedAt };
    default:
      return null;
  }
}

/**
 * Requested, Accepted, Sent, Received: each with its date or 'Not yet', as an ordered list
 * so the order is read out too. Done steps carry a tick and the word 'Done'.
 */
export function TradeTimeline({ trade }: { trade: Trade }) {
  const steps: Step[] = [
    { label: 'Requested', at: trade.createdAt },
    { label: 'Accepted', at: trade.acceptedAt },
    { label: trade.handedOver ? 'Handed over' : 'Sent', at: trade.shippedAt },
    { label: 'Received', at: trade.deliveredAt ?? trade.completedAt },
  ];
  const ending = endingOf(trade);

  return (
    <ol aria-label="Progress" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step) => (
        <li
          key={step.label}
          className={`flex items-start gap-2 rounded-md border-2 p-2 ${
            step.at ? 'border-brand-700 bg-brand-50' : 'border-dashed border-line-strong bg-white'
          }`}
        >
          {step.at ? (
            <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          ) : (
            <Circle aria-hidden="true" className="mt-1 size-5 shrink-0 text-ink-muted" />
          )}
          <span className="flex flex-col">
            <span className="font-semibold text-ink">{step.label}</span>
            <span className="text-sm text-ink-muted">
              {step.at ? (
                <>
                  <span className="sr-only">Done, </span>
                  {formatCommunityDate(step.at)}
                </>
              ) : (
                'Not yet'
              )}
            </span>
          </span>
        </li>
      ))}
      {ending && (
        <li className="flex items-start gap-2 rounded-md border-2 border-danger-700 bg-danger-50 p-2 sm:col-span-2 lg:col-span-4">
          <X aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger-700" />
          <span className="flex flex-col">
            <span className="font-semibold text-danger-900">{ending.label}</span>
            <span className="text-sm text-danger-900">{formatCommunityDate(ending.at ?? trade.updatedAt)}</span>
          </span>
        </li>
      )}
    </ol>
  );
}
