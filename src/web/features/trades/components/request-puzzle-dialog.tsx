import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link } from 'react-router';
import { AlertTriangle, Send } from 'lucide-react';
import { REQUEST_COMMENTS_MAX } from '../../../../domain/constants';
import { isProfileComplete } from '../../../../domain/profile';
import { requestBlockerCode, requestBlocker, tradeRequestSchema } from '../../../../domain/trades';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMember, type CurrentUser } from '../../../lib/current-user';
import { formatPuzzlePoints } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { paths } from '../../../paths';
import { useCreateTradeRequest } from '../api/create-trade-request';
import type { Listing } from '../../../../domain/listings';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

export interface RequestPuzzleDialogProps {
  /** The listing asked for: its id, title, cost and owner's member id. */
  listing: Listing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the request was sent (the dialog has already closed). */
  onRequested?: (tradeId: number) => void;
}

// The dialog asks only for the comments; the listing is the one it was opened for.
const commentsSchema = tradeRequestSchema.pick({ requestComments: true });

/** The member's profile as GET /api/auth/user sends it: the whole row, address included. */
function profileComplete(member: CurrentUser): boolean {
  return isProfileComplete(member as CurrentUser & { line_1?: string | null });
}

/**
 * Request Puzzle (docs/product/trades.md#requesting-a-puzzle): optional comments (500, counted), the in-dialog alerts for
 * the three blocking conditions, and 'Trade Request Sent!' / 'Request Failed' toasts.
 */
export function RequestPuzzleDialog({ listing, open, onOpenChange, onRequested }: RequestPuzzleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts with an empty comment. */}
        {open && (
          <RequestPuzzleForm
            listing={listing}
            onClose={() => onOpenChange(false)}
            onRequested={(id) => {
              onOpenChange(false);
              onRequested?.(id);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Fetches the member again as the dialog opens: the balance (and profile) in the cache may be
 * older than the last trade step, e.g. when a live update was missed. True until it answers.
 */
function useFreshBalance(): boolean {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let live = true;
    void queryClient
      .refetchQueries({ queryKey: queryKeys.currentUser, exact: true })
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [queryClient]);
  return checking;
}

function RequestPuzzleForm({
  listing,
  onClose,
  onRequested,
}: {
  listing: Listing;
  onClose: () => void;
  onRequested: (tradeId: number) => void;
}) {
  const member = useMember();
  const createRequest = useCreateTradeRequest();
  const { register, handleSubmit, control, formState } = useForm<
    z.input<typeof commentsSchema>,
    unknown,
    z.output<typeof commentsSchema>
  >({
    resolver: zodResolver(commentsSchema),
    defaultValues: { requestComments: '' },
  });
  const comments = useWatch({ control, name: 'requestComments' });
  const checking = useFreshBalance();
  const eligibility = {
    profileComplete: profileComplete(member),
    balance: member.puzzlePoints,
    cost: listing.puzzlePoints,
    isOwner: member.id === listing.userId,
  };
  // While the fresh balance and profile are on their way, a blocker read from the cached member
  // may be out of date (points came back since): wait for the answer rather than show it.
  const cachedBlocker = requestBlockerCode(eligibility);
  const waiting = checking && cachedBlocker !== null && cachedBlocker !== 'OWN_LISTING';
  const blocker = waiting ? null : requestBlocker(eligibility);
  const blockerCode = waiting ? null : cachedBlocker;

  const failure = useFormProblem();
  const onSubmit = handleSubmit(({ requestComments }) => {
    if (waiting || blocker || createRequest.isPending) return;
    failure.clear();
    createRequest.mutate(
      { puzzleListingId: listing.id, ...(requestComments ? { requestComments } : {}) },
      {
        onSuccess: (trade) => {
          toast({
            title: 'Trade Request Sent!',
            description: "Your request has been sent to the puzzle owner. You'll receive a message when they respond.",
          });
          onRequested(trade.id);
        },
        onError: (error) => {
          // In the dialog until the member sends again (issue 14), not in a toast that fades.
          failure.report({
            title: 'Request Failed',
            description: errorMessage(error, 'Failed to create trade request'),
          });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Request Puzzle</DialogTitle>
        <DialogDescription>
          Ask the owner for “{listing.title}”. It costs {formatPuzzlePoints(listing.puzzlePoints)}; you have{' '}
          {formatPuzzlePoints(member.puzzlePoints)}.
        </DialogDescription>
      </DialogHeader>

      <FormAlert problem={failure.problem} className="mb-4" />
      {waiting ? (
        <Spinner label="Checking your PuzzlePoints balance…" className="w-full py-6" />
      ) : blocker ? (
        <div role="alert" className="flex gap-3 rounded-md border-2 border-danger-700 bg-danger-50 p-4 text-danger-900">
          <AlertTriangle aria-hidden="true" className="mt-1 size-6 shrink-0" />
          <div className="flex flex-col gap-3">
            <p className="font-semibold">{blocker}</p>
            {blockerCode === 'PROFILE_INCOMPLETE' && (
              <Link
                to={paths.profile.getHref()}
                className={buttonClasses({ className: 'self-start' })}
                onClick={onClose}
              >
                Complete Profile
              </Link>
            )}
          </div>
        </div>
      ) : (
        <Field
          label="Comments for the owner (optional)"
          error={formState.errors.requestComments?.message}
          note={<CharacterCount length={comments?.length ?? 0} max={REQUEST_COMMENTS_MAX} />}
        >
          <Textarea maxLength={REQUEST_COMMENTS_MAX} {...register('requestComments')} />
        </Field>
      )}

      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {!blocker && !waiting && (
          <Button type="submit" disabled={createRequest.isPending}>
            <Send aria-hidden="true" className="size-5" />
            {createRequest.isPending ? 'Sending…' : 'Send Request'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
