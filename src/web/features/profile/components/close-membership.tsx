import { useState } from 'react';
import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import type { ClosingPreview } from '../../../../domain/contact';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatPuzzlePoints } from '../../../lib/format';
import { paths } from '../../../paths';
import { useCloseMembership } from '../api/close-membership';
import { useClosingPreview } from '../api/get-closing-preview';

/**
 * 'Close my membership' (issue 14 point 4, decision 0021): the profile's last section. The
 * confirm dialog names what will happen, from the server's preview; while a trade is under
 * way it names each one, with a link, and offers no way to close.
 */
export function CloseMembership() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="close-membership-title" className="rounded-lg border border-line p-4 sm:p-6">
      <h2 id="close-membership-title" className="text-2xl font-bold">
        Close my membership
      </h2>
      <p className="mt-3">
        If you leave the club, your personal details are erased and you cannot sign in again. Read what happens on our{' '}
        <Link to={paths.privacy.getHref()} className="text-brand-700 underline">
          Privacy
        </Link>{' '}
        page.
      </p>
      <p className="mt-4">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Close my membership…
        </Button>
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>{open && <CloseDialogBody onKeep={() => setOpen(false)} />}</DialogContent>
      </Dialog>
    </section>
  );
}

function CloseDialogBody({ onKeep }: { onKeep: () => void }) {
  const preview = useClosingPreview(true);
  const close = useCloseMembership();

  return (
    <>
      <DialogHeader>
        <DialogTitle>Close your membership?</DialogTitle>
        <DialogDescription>This cannot be undone.</DialogDescription>
      </DialogHeader>
      {preview.isPending ? (
        <PageSpinner />
      ) : preview.isError ? (
        <Alert message={errorMessage(preview.error, 'We could not check your trades. Please try again.')} />
      ) : (
        <Consequences preview={preview.data} />
      )}
      {close.isError && <Alert message={errorMessage(close.error, 'Your membership could not be closed.')} />}
      <DialogFooter>
        <Button variant="secondary" onClick={onKeep} autoFocus>
          Keep my membership
        </Button>
        {preview.data && canClose(preview.data) && (
          <Button
            variant="destructive"
            aria-disabled={close.isPending || undefined}
            onClick={() => {
              if (!close.isPending) close.mutate({ confirm: true }, { onError: () => void preview.refetch() });
            }}
          >
            {close.isPending ? 'Closing…' : 'Close my membership'}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

const canClose = (p: ClosingPreview) => p.tradesUnderWay.length === 0 && !p.lastAdministrator;

function Consequences({ preview }: { preview: ClosingPreview }) {
  if (preview.tradesUnderWay.length > 0) {
    return (
      <div className="flex flex-col gap-3">
        <p className="font-semibold">
          Please finish {preview.tradesUnderWay.length === 1 ? 'this trade' : 'these trades'} first. Your membership can
          close once {preview.tradesUnderWay.length === 1 ? 'it is' : 'they are'} complete.
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-7">
          {preview.tradesUnderWay.map((t) => (
            <li key={t.id}>
              <Link to={paths.trades.getHref({ trade: t.id })} className="text-brand-700 underline">
                {t.title}
              </Link>{' '}
              with {t.partnerName} ({t.status})
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (preview.lastAdministrator) {
    return (
      <p className="font-semibold">
        You are the club’s only administrator. Please make another member an administrator before you close your
        membership.
      </p>
    );
  }
  const requests = preview.pendingRequests;
  const listings = preview.listings;
  return (
    <ul className="flex list-disc flex-col gap-2 pl-7">
      {requests > 0 && (
        <li>{requests === 1 ? 'The request' : `The ${requests} requests`} waiting for an answer will be cancelled.</li>
      )}
      {listings > 0 && (
        <li>{listings === 1 ? 'Your puzzle' : `Your ${listings} puzzles`} will be taken off the club.</li>
      )}
      <li>Your name, postal address, phone number and e-mail address will be erased.</li>
      {preview.puzzlePoints > 0 && (
        <li>Your {formatPuzzlePoints(preview.puzzlePoints)} cannot be used or passed on once you leave.</li>
      )}
      <li>Your forum posts, feedback and messages will stay, shown as written by ‘a former member’.</li>
      <li>You will be signed out and cannot sign in again.</li>
    </ul>
  );
}

function Alert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mt-4 flex gap-3 rounded-md border-2 border-danger-700 bg-danger-50 p-4 text-danger-900"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <p className="font-semibold">{message}</p>
    </div>
  );
}
