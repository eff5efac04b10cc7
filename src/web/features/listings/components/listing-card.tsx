import { Link, useNavigate } from 'react-router';
import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LazyPicture } from '../../../components/ui/lazy-picture';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../paths';
import { FavoriteButton } from './favorite-button';
import { ListingBadges } from './listing-badges';
import { OwnerLine } from './owner-line';
import { distanceLabel, HANDOVER_LABELS } from '../../../../domain/near';
import { copyLink, listingShareUrl } from './share';
import type { Listing } from '../../../../domain/listings';
import { isReserved, listingCardPicture, missingPiecesLabel, sizeLabel, type ListingActions } from '../listing-display';

export interface ListingCardProps extends ListingActions {
  listing: Listing;
  /** The page's first card: in view on any screen, so its picture is fetched at once, first. */
  first?: boolean;
}

/**
 * A browse card (docs/product/screens.md#browse). The title is the link to the detail page and stretches
 * over the whole card, so a click anywhere opens it; the buttons sit above that layer, and
 * nothing interactive is nested inside anything else.
 */
export function ListingCard({ listing, onRequest, onContact, first = false }: ListingCardProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const own = user?.id === listing.userId;
  // An accepted trade holds it: a request would only be refused (the badge says why).
  const canRequest = !own && !isReserved(listing);
  const href = paths.puzzle.getHref(listing.id);
  const size = sizeLabel(listing);
  const image = listingCardPicture(listing);

  const facts: [string, string | null][] = [
    ['Manufacturer', listing.manufacturerName],
    ['Artist', listing.artist],
    ['Size', size],
    ['Year', listing.yearOfManufacture === null ? null : String(listing.yearOfManufacture)],
  ];

  return (
    <article className="relative flex flex-col overflow-hidden rounded-lg border border-line bg-white shadow-sm focus-within:ring-2 focus-within:ring-focus">
      <div className="relative aspect-[4/3] bg-brand-50">
        <LazyPicture
          src={image}
          missing="No image"
          width={400}
          height={300}
          inView={first}
          className="size-full object-cover"
        />
        {/* A visitor's heart asks them to join (FavoriteButton). */}
        <div className="absolute top-2 right-2 z-10">
          <FavoriteButton listing={listing} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="text-xl font-bold">
            <Link
              to={href}
              className="underline underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:text-brand-800 focus-visible:outline-none"
            >
              {listing.title}
            </Link>
          </h2>
          {listing.subtitle && <p className="text-ink-muted">{listing.subtitle}</p>}
        </div>
        <ListingBadges listing={listing} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {facts.map(([term, value]) =>
            value ? (
              <div key={term} className="contents">
                <dt className="font-semibold">{term}:</dt>
                <dd>{value}</dd>
              </div>
            ) : null,
          )}
          <div className="contents">
            <dt className="font-semibold">Pieces:</dt>
            <dd>{missingPiecesLabel(listing.missingPieces)}</dd>
          </div>
        </dl>
        {listing.description && <p className="line-clamp-3">{listing.description}</p>}
        <OwnerLine listing={listing} className="text-ink-muted" />
        {/* How far, in whole miles, and how it changes hands (docs/product/near-me.md). */}
        {(listing.distanceMiles !== undefined || listing.handover !== 'post') && (
          <p className="font-semibold">
            {[
              listing.distanceMiles !== undefined ? distanceLabel(listing.distanceMiles) : null,
              listing.handover !== 'post' ? `Hand-over: ${HANDOVER_LABELS[listing.handover]}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-2">
          {canRequest && (
            <Button
              onClick={() => (onRequest ? onRequest(listing) : void navigate(href))}
              aria-label={`Request ${listing.title}`}
            >
              Request
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => (!own && onContact ? onContact(listing) : void navigate(href))}
            aria-label={own ? `View Your Puzzle: ${listing.title}` : `Contact Owner of ${listing.title}`}
          >
            {own ? 'View Your Puzzle' : 'Contact Owner'}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Share ${listing.title}`}
            title="Share"
            onClick={() => void copyLink(listingShareUrl(listing.id))}
          >
            <Share2 aria-hidden="true" className="size-6" />
          </Button>
        </div>
      </div>
    </article>
  );
}
