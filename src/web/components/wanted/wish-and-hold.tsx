import { useState } from 'react';
import type { ListingDetail } from '../../../domain/listings';
import { formatClubDateTime } from '../../../domain/dates';
import { errorMessage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { useAddWish, usePassOffer, useWishes } from './wanted-api';

// A puzzle page's Wanted parts (docs/product/wanted.md): 'Add to my wish list' ('Want another
// copy' once it has gone), and the first offer's hold, for everyone and for the member it is
// offered to.

/** Whether the listing is held for a member who wished for it now. */
export function isHeld(listing: Pick<ListingDetail, 'heldUntil'>, now = Date.now()): boolean {
  return listing.heldUntil !== null && new Date(listing.heldUntil).getTime() > now;
}

export function WishButton({ listing }: { listing: ListingDetail }) {
  const user = useCurrentUser();
  const add = useAddWish();
  const [added, setAdded] = useState(false);
  if (!user || user.id === listing.userId) return null;
  const gone = !listing.isAvailable || listing.status !== 'active';
  return (
    <Button
      variant="secondary"
      disabled={add.isPending || added}
      onClick={() =>
        add.mutate(
          { listingId: listing.id },
          {
            onSuccess: () => {
              setAdded(true);
              toast({ title: 'On your wish list', description: 'We will offer you the next copy that is listed.' });
            },
            onError: (err) => toast({ variant: 'destructive', title: errorMessage(err, 'Not added.') }),
          },
        )
      }
    >
      {added ? 'On your wish list' : gone ? 'Want another copy' : 'Add to my wish list'}
    </Button>
  );
}

/** The hold in words: to the member it is offered to (with Pass), and to everyone else. */
export function HoldNotice({ listing }: { listing: ListingDetail }) {
  const user = useCurrentUser();
  const mine = listing.heldForMe === true;
  const wishes = useWishes(mine);
  const pass = usePassOffer();
  if (!isHeld(listing)) return null;
  const until = formatClubDateTime(listing.heldUntil!);
  if (mine) {
    const wish = wishes.data?.find((w) => w.offer?.listingId === listing.id);
    return (
      <div className="rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
        <p className="font-semibold">
          This puzzle is offered to you first, because it is on your wish list, until {until}.
        </p>
        <p>Request it before then, or pass to let the next member in line have it.</p>
        {wish && (
          <Button
            className="mt-3"
            variant="secondary"
            disabled={pass.isPending}
            onClick={() =>
              pass.mutate(wish.id, {
                onSuccess: () => toast({ title: 'Passed', description: 'The next member in line is offered it.' }),
                onError: (err) => toast({ variant: 'destructive', title: errorMessage(err, 'Could not pass.') }),
              })
            }
          >
            Pass on this puzzle
          </Button>
        )}
      </div>
    );
  }
  if (user?.id === listing.userId) {
    return <p className="font-semibold">Offered first to a member who asked for it, until {until}.</p>;
  }
  return (
    <p className="font-semibold">
      Offered first to a member who asked for it until {until}; anyone can request it from {until}.
    </p>
  );
}
