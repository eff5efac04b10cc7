import type { BrowsePage, Listing } from '../../../domain/listings';
import { plural } from '../../../domain/sentences';

// How the listing pages and cards show a listing (the shape itself is the domain's Listing).

/** Request and Contact Owner belong to other features; the router hands them in. */
export interface ListingActions {
  onRequest?: (listing: Listing) => void;
  onContact?: (listing: Listing) => void;
}

/** The picture a card shows: the stored thumbnail, or the picture itself when it has none. */
export function listingCardPicture(listing: Pick<Listing, 'puzzleThumbnailUrl' | 'puzzleImageUrl'>): string | null {
  return listing.puzzleThumbnailUrl ?? listing.puzzleImageUrl;
}

/** 'Complete' or 'N pieces missing'. */
export function missingPiecesLabel(missing: number): string {
  if (missing <= 0) return 'Complete';
  return `${plural(missing, 'piece')} missing`;
}

export function sizeLabel(listing: Pick<Listing, 'dimensionValue' | 'dimensionUnit'>): string | null {
  return listing.dimensionValue === null ? null : `${listing.dimensionValue} ${listing.dimensionUnit}`;
}

/**
 * The cards of the pages loaded so far, each listing once. 'Load more' asks for page n + 1
 * by offset, so a listing published (or moved up by an edit) in between pushes the rest down
 * and page n's last card comes again on page n + 1: it keeps its first place.
 */
export function browseItems(pages: readonly Pick<BrowsePage, 'items'>[]): Listing[] {
  const seen = new Set<number>();
  const items: Listing[] = [];
  for (const page of pages) {
    for (const listing of page.items) {
      if (seen.has(listing.id)) continue;
      seen.add(listing.id);
      items.push(listing);
    }
  }
  return items;
}

/**
 * Live but held by an accepted trade (points held, parcel on its way, or disputed): nobody
 * can request it, and its owner cannot change it, until the trade ends (docs/product/listings.md#reserved-while-in-a-trade).
 */
export function isReserved(listing: Pick<Listing, 'status' | 'isAvailable'>): boolean {
  return listing.status === 'active' && !listing.isAvailable;
}

export const RESERVED_LABEL = 'Reserved: in a trade';
/** What the owner reads on a listing a trade holds (My Listings, the puzzle page). */
export const RESERVED_FOR_OWNER =
  'A member is trading for this puzzle. It cannot be changed until the trade is finished.';

/** Browse cards always drawn at the top of the list: the first row at three columns. */
export const BROWSE_CARDS_DRAWN_FIRST = 3;
/**
 * Browse cards always drawn at the end of the list, above Load more: two rows at three
 * columns, more than a phone's screen at one.
 */
export const BROWSE_CARDS_DRAWN_LAST = 6;

/**
 * Whether the browse card at `index` of `count` is laid out and painted only as it nears the
 * screen (`content-visibility: auto`, browse-puzzles-page.tsx), rather than with the page.
 */
export function drawnWhenNear(index: number, count: number): boolean {
  return index >= BROWSE_CARDS_DRAWN_FIRST && index < count - BROWSE_CARDS_DRAWN_LAST;
}
