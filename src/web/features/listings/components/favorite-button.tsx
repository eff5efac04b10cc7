import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useToggleFavorite } from '../api/toggle-favorite';
import type { Listing } from '../types';

/** The heart: a toggle button whose name says what pressing it does. */
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
  const on = listing.isFavorite === true;
  const label = on ? 'Remove from favourites' : 'Add to favourites';
  return (
    <Button
      variant={withText ? 'secondary' : 'ghost'}
      size={withText ? 'default' : 'icon'}
      aria-pressed={on}
      aria-label={withText ? undefined : label}
      title={label}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ listingId: listing.id, favorite: !on })}
      className={cn(!withText && 'bg-white/90', className)}
    >
      <Heart aria-hidden="true" className={cn('size-6', on ? 'fill-danger-700 text-danger-700' : 'text-ink')} />
      {withText && <span>{on ? 'Saved to favourites' : 'Save to favourites'}</span>}
    </Button>
  );
}
