import { useEffect } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Printer, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCommunityDate, formatPieces } from '../../../lib/format';
import { tradeNumber } from './trade-status';
import { PostageEstimateLine } from '../../../components/postage/postage-estimate';
import type { Trade } from '../../../../domain/trades';
import { plural } from '../../../../domain/sentences';

// While the slip is open, printing shows the slip alone: this body class hides every other
// child of <body> (the app, toasts) on paper. Tailwind generates it from this literal.
const PRINT_ONLY_SLIP = 'print:[&>*:not(:has(.packing-slip))]:hidden';

function addressLines(address: NonNullable<Trade['requesterAddress']>): string[] {
  return [
    address.fullName,
    address.line_1,
    address.line_2,
    address.locality,
    address.town_or_city,
    address.county,
    address.postcode,
    address.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

export function AddressBlock({
  address,
  className,
}: {
  address: NonNullable<Trade['requesterAddress']>;
  className?: string;
}) {
  return (
    <address className={`not-italic ${className ?? ''}`}>
      {addressLines(address).map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

function missingText(missing: number): string {
  if (missing <= 0) return 'None – the puzzle is complete';
  return `${plural(missing, 'piece')} missing`;
}

/**
 * The print view: a full-screen page with the address label in large type and the packing
 * slip (trade number, puzzle, declared missing pieces) under a cut line. Print sends it alone.
 */
export function PackingSlip({
  trade,
  open,
  onOpenChange,
}: {
  trade: Trade;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useEffect(() => {
    if (!open) return;
    const classes = PRINT_ONLY_SLIP.split(' ');
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, [open]);

  const address = trade.requesterAddress;
  if (!address) return null;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className="packing-slip fixed inset-0 z-50 overflow-y-auto bg-white p-6 text-ink print:static print:overflow-visible print:p-0">
          <div className="mx-auto flex max-w-3xl flex-col gap-8">
            <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
              <DialogPrimitive.Title className="text-3xl font-bold">
                Address label and packing slip
              </DialogPrimitive.Title>
              <div className="flex gap-3">
                <Button size="large" onClick={() => window.print()}>
                  <Printer aria-hidden="true" className="size-6" />
                  Print
                </Button>
                <DialogPrimitive.Close asChild>
                  <Button variant="secondary" size="large">
                    <X aria-hidden="true" className="size-6" />
                    Close
                  </Button>
                </DialogPrimitive.Close>
              </div>
            </div>
            <DialogPrimitive.Description className="text-lg print:hidden">
              Print this page, cut out the label and stick it on the parcel. Put the packing slip inside.
            </DialogPrimitive.Description>

            <section aria-label="Address label" className="rounded-lg border-4 border-ink p-8">
              <p className="text-xl font-semibold">To:</p>
              <AddressBlock address={address} className="text-4xl leading-snug font-bold" />
              <p className="mt-6 text-xl">{tradeNumber(trade.id)}</p>
            </section>

            <p aria-hidden="true" className="border-t-2 border-dashed border-ink pt-1 text-center text-base">
              ✂ cut here
            </p>

            <section aria-label="Packing slip" className="flex flex-col gap-4 text-2xl leading-relaxed">
              <h2 className="text-3xl font-bold">Packing slip – {tradeNumber(trade.id)}</h2>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3">
                <dt className="font-semibold">Puzzle</dt>
                <dd>{trade.listing.title}</dd>
                <dt className="font-semibold">Pieces</dt>
                <dd>{formatPieces(trade.listing.pieces)}</dd>
                <dt className="font-semibold">Missing pieces</dt>
                <dd>{missingText(trade.listing.missingPieces)}</dd>
                <dt className="font-semibold">For</dt>
                <dd>{address.fullName}</dd>
                <dt className="font-semibold">From</dt>
                <dd>{trade.ownerName}</dd>
                <dt className="font-semibold">Requested</dt>
                <dd>{formatCommunityDate(trade.createdAt)}</dd>
              </dl>
              {/* What posting it should cost, from the parcel the owner gave (docs/product/near-me.md#postage). */}
              {trade.listing.parcel && <PostageEstimateLine parcel={trade.listing.parcel} className="print:hidden" />}
              <p>Thank you for trading with Jigsaw Club. Please confirm in the app when this puzzle arrives.</p>
            </section>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
