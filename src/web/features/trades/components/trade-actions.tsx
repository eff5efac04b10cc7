import { withFullStop } from '../../../../domain/sentences';
import { useState } from 'react';
import { z } from 'zod';
import { plural } from '../../../../domain/sentences';
import { CheckCircle2, PackageCheck, Truck } from 'lucide-react';
import { DELIVERY_NOTES_MAX, REPORT_DETAILS_MAX, SHIPPING_NOTES_MAX } from '../../../../domain/constants';
import {
  confirmDeliverySchema,
  declineSchema,
  disputeSchema,
  shipSchema,
  type TradeAction,
  type Trade,
} from '../../../../domain/trades';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatPuzzlePoints } from '../../../lib/format';
import { useTradeStep, type TradeStep } from '../api/trade-step';
import { StepDialog } from '../../../components/ui/step-dialog';

// 'hand-over' is the owner's 'sent' step for a puzzle handed over in person
// (docs/product/near-me.md#hand-over): no carrier, and it reads 'Handed over'.
type DialogStep = 'accept' | 'decline' | 'cancel' | 'ship' | 'hand-over' | 'confirm-delivery' | 'dispute';

const SUCCESS: Record<DialogStep, { title: string; description: string }> = {
  accept: { title: 'Request accepted', description: 'Please post the puzzle. The address is shown below.' },
  decline: { title: 'Request declined', description: 'The member has been told.' },
  cancel: { title: 'Request cancelled', description: 'Any points held for this trade have been returned.' },
  ship: { title: 'Marked as sent', description: 'The member has been told the puzzle is on its way.' },
  'hand-over': { title: 'Marked as handed over', description: 'The member has been asked to confirm they have it.' },
  'confirm-delivery': { title: 'Trade completed', description: 'Thank you! Please leave feedback below.' },
  dispute: { title: 'Problem reported', description: 'A club administrator will look into it.' },
};

const FAILURE: Record<DialogStep, string> = {
  accept: 'Could not accept the request',
  decline: 'Could not decline the request',
  cancel: 'Could not cancel the request',
  ship: 'Could not mark as sent',
  'hand-over': 'Could not mark as handed over',
  'confirm-delivery': 'Could not confirm delivery',
  dispute: 'Could not report the problem',
};

// The arrival check (docs/product/trust.md#the-arrival-check): the answers as the form holds
// them (text), turned into the call's body and checked by the domain's own schema.
const ARRIVAL_OPTIONS = [
  { value: 'as_described', label: 'Yes, it arrived as described' },
  { value: 'missing_pieces', label: 'No, pieces are missing' },
];
const arrivalFormSchema = z
  .object({ arrived: z.string(), missingPieces: z.string(), deliveryNotes: z.string() })
  .transform(({ arrived, missingPieces, deliveryNotes }): z.input<typeof confirmDeliverySchema> =>
    arrived === 'missing_pieces'
      ? {
          arrived: 'missing_pieces' as const,
          missingPieces: missingPieces.trim() === '' ? undefined : Number(missingPieces.trim()),
          deliveryNotes,
        }
      : { arrived: 'as_described' as const, deliveryNotes },
  )
  .pipe(confirmDeliverySchema);

const declaredMissing = (n: number) => (n === 0 ? 'it was complete' : `${plural(n, 'piece')} missing`);

/** The one big button for the step that moves the trade on, if this member has one. */
const PRIMARY: Partial<Record<TradeAction, { label: string; icon: typeof Truck }>> = {
  accept: { label: 'Accept', icon: CheckCircle2 },
  ship: { label: 'Mark as sent', icon: Truck },
  'confirm-delivery': { label: "I've received it", icon: PackageCheck },
};

const SECONDARY: Partial<Record<TradeAction, string>> = {
  decline: 'Decline',
  cancel: 'Cancel request',
  dispute: 'Report a problem',
};

/** The trade's next step as one big button, the other choices beside it, each confirmed first. */
export function TradeActions({ trade }: { trade: Trade }) {
  const [open, setOpen] = useState<DialogStep | null>(null);
  const mutation = useTradeStep(trade.id);
  const actions = trade.availableActions;
  const primary = actions.find((a) => PRIMARY[a]);
  const secondary = actions.filter((a) => SECONDARY[a]);
  if (!primary && secondary.length === 0) return null;

  const run = (step: TradeStep, key: DialogStep = step.step) => {
    mutation.mutate(step, {
      onSuccess: (result) => {
        setOpen(null);
        // The arrival check's points back are said at once, as well as on the card.
        toast(
          key === 'confirm-delivery' && result.arrivedIncomplete
            ? {
                title: 'Trade completed',
                description: `${formatPuzzlePoints(result.missingPiecesRefund)} came back to you for the missing pieces.`,
              }
            : SUCCESS[key],
        );
      },
      onError: (error) => {
        toast({ title: FAILURE[key], description: errorMessage(error, 'Please try again'), variant: 'destructive' });
      },
    });
  };

  const other = trade.otherPartyName ?? 'the other member';
  const title = `“${trade.listing.title}”`;
  const dialogProps = (step: DialogStep) => ({
    open: open === step,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? step : null),
    isPending: mutation.isPending,
  });
  const PrimaryIcon = primary ? PRIMARY[primary]!.icon : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {primary && PrimaryIcon && (
          <Button size="large" onClick={() => setOpen(primary as DialogStep)} disabled={mutation.isPending}>
            <PrimaryIcon aria-hidden="true" className="size-6" />
            {PRIMARY[primary]!.label}
          </Button>
        )}
        {primary === 'ship' && trade.listing.handover !== 'post' && (
          <Button size="large" variant="secondary" onClick={() => setOpen('hand-over')} disabled={mutation.isPending}>
            Mark as handed over
          </Button>
        )}
        {secondary.map((action) => (
          <Button
            key={action}
            variant="secondary"
            onClick={() => setOpen(action as DialogStep)}
            disabled={mutation.isPending}
          >
            {SECONDARY[action]}
          </Button>
        ))}
      </div>

      <StepDialog
        {...dialogProps('accept')}
        title="Accept this request?"
        description={
          <p>
            {formatPuzzlePoints(trade.puzzlePointsCost)} from {other} will be held for this trade and paid to you when
            they receive {title}. You will then see their postal address.
          </p>
        }
        confirmLabel="Yes, accept"
        onConfirm={() => run({ step: 'accept' })}
      />
      <StepDialog
        {...dialogProps('decline')}
        title="Decline this request?"
        description={
          <p>
            {other} will be told that you have declined their request for {title}.
          </p>
        }
        fields={[{ name: 'reason', label: 'Reason', multiline: true, maxLength: 500 }]}
        confirmLabel="Yes, decline"
        confirmVariant="destructive"
        schema={declineSchema}
        onConfirm={(body) => run({ step: 'decline', body })}
      />
      <StepDialog
        {...dialogProps('cancel')}
        title="Cancel your request?"
        description={
          <p>
            Your request for {title} will be withdrawn and any points held for it returned to you. This cannot be
            undone.
          </p>
        }
        confirmLabel="Yes, cancel request"
        cancelLabel="Keep my request"
        confirmVariant="destructive"
        onConfirm={() => run({ step: 'cancel' })}
      />
      <StepDialog
        {...dialogProps('ship')}
        title="Mark as sent"
        description={
          <p>
            Tell {other} that {title} is in the post. A tracking number helps them follow it.
          </p>
        }
        fields={[
          { name: 'carrierName', label: 'Carrier', maxLength: 100, hint: 'For example Royal Mail or Evri' },
          { name: 'trackingNumber', label: 'Tracking number', maxLength: 100 },
          { name: 'shippingNotes', label: 'Notes', multiline: true, maxLength: SHIPPING_NOTES_MAX },
        ]}
        confirmLabel="Mark as sent"
        schema={shipSchema}
        onConfirm={(body) => run({ step: 'ship', body })}
      />
      <StepDialog
        {...dialogProps('hand-over')}
        title="Mark as handed over"
        description={
          <p>
            Tell {other} that you have given them {title} in person. They will be asked to confirm that they have it.
          </p>
        }
        confirmLabel="Yes, I handed it over"
        onConfirm={() =>
          run(
            { step: 'ship', body: { handedOver: true, carrierName: null, trackingNumber: null, shippingNotes: null } },
            'hand-over',
          )
        }
      />
      <StepDialog
        {...dialogProps('confirm-delivery')}
        title="Have you received the puzzle?"
        description={
          <>
            <p>
              Confirm only once {title} has arrived. The {formatPuzzlePoints(trade.puzzlePointsCost)} held for this
              trade will then go to {withFullStop(other)} This cannot be undone.
            </p>
            <p className="mt-2">
              The listing said {declaredMissing(trade.listing.missingPieces)}. If more are missing, part of the points
              come back to you. For anything else wrong with it, go back and report a problem instead.
            </p>
          </>
        }
        fields={[
          { name: 'arrived', label: 'Was it complete?', maxLength: 20, required: true, options: ARRIVAL_OPTIONS },
          {
            name: 'missingPieces',
            label: 'How many pieces are missing?',
            maxLength: 5,
            hint: 'Only if pieces are missing',
          },
          { name: 'deliveryNotes', label: 'Notes', multiline: true, maxLength: DELIVERY_NOTES_MAX },
        ]}
        confirmLabel="Yes, I've received it"
        schema={arrivalFormSchema}
        onConfirm={(body) => run({ step: 'confirm-delivery', body })}
      />
      <StepDialog
        {...dialogProps('dispute')}
        title="Report a problem"
        description={
          <p>The trade will be paused and a club administrator will look at it. Please tell us what went wrong.</p>
        }
        fields={[
          {
            name: 'details',
            label: 'What went wrong?',
            multiline: true,
            maxLength: REPORT_DETAILS_MAX,
            required: true,
          },
        ]}
        confirmLabel="Report the problem"
        confirmVariant="destructive"
        schema={disputeSchema}
        onConfirm={(body) => run({ step: 'dispute', body })}
      />
    </div>
  );
}
