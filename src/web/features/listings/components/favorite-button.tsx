import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { useAskToJoin } from '../../../lib/join-prompt';
import { useToggleFavorite } from '../api/toggle-favorite';
import type { Listing } from '../../../../domain/listings';

/**
 * The heart: a toggle button whose name says what pressing it does, and to which puzzle. A
 * visitor pressing it is asked to join or sign in.
 */
export function FavoriteButton({
  listing,
  withText = false,
  className,
}: {
  listing: Listing;
  withText?: boolean;
  className?: string;
}) {
  const toggle = useToggleFavorite();
  const user = useCurrentUser();
  const askToJoin = useAskToJoin();
  const on = listing.isFavorite === true;
  // Named for its puzzle: a page of hearts all called 'Add to favourites' tells a screen
  // reader user nothing about which one they are on.
  const label = on ? `Remove ${listing.title} from favourites` : `Add ${listing.title} to favourites`;
  return (
    <Button
      variant={withText ? 'secondary' : 'ghost'}
      size={withText ? 'default' : 'icon'}
      aria-pressed={on}
      aria-label={withText ? undefined : label}
      title={label}
      disabled={toggle.isPending}
      onClick={() =>
        user ? toggle.mutate({ listingId: listing.id, favorite: !on }) : askToJoin('save puzzles to your favourites')
      }
      className={cn(!withText && 'bg-white/90', className)}
    >
      <Heart aria-hidden="true" className={cn('size-6', on ? 'fill-danger-700 text-danger-700' : 'text-ink')} />
      {withText && <span>{on ? 'Saved to favourites' : 'Save to favourites'}</span>}
    </Button>
  );
}
