import { awayMessage } from '../../../../domain/trust';
import { HoldNotice, isHeld, WishButton } from '../../../components/wanted/wish-and-hold';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, ImageOff, Share2 } from 'lucide-react';
import { LISTING_PICTURE_SIZES, listingPictureSrcSet } from '../../../../domain/listing-picture';
import { pointsNeededText, puzzlePointsLabel } from '../../../../domain/points-label';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LazyPicture } from '../../../components/ui/lazy-picture';
import { NoPhoto, usePictureFailure } from '../../../components/ui/no-photo';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useListing } from '../../../lib/get-listing';
import { FavoriteButton } from '../components/favorite-button';
import { ListingBadges } from '../components/listing-badges';
import { OwnerLine } from '../components/owner-line';
import { copyLink, listingShareUrl } from '../components/share';
import type { Listing, ListingDetail } from '../../../../domain/listings';
import { formatClubDayOrDate } from '../../../../domain/dates';
import { isReserved, missingPiecesLabel, RESERVED_FOR_OWNER, sizeLabel, type ListingActions } from '../listing-display';
import { parseUrlId } from '../../../lib/url-id';

/**
 * /puzzle/{id} (docs/product/screens.md#puzzle-page). Visitors see live listings too, with the same buttons: the
 * router turns Request, Contact Owner and the heart into 'Join or sign in to …' for them.
 */
export function PuzzleDetailPage({ onRequest, onContact }: ListingActions) {
  const { id: rawId } = useParams();
  const id = parseUrlId(rawId);
  const listing = useListing(id);
  useDocumentTitle(listing.data?.title ?? (listing.isPending && id !== null ? 'Puzzle' : 'Puzzle not found'));

  if (id !== null && listing.isPending) return <PageSpinner />;
  if (
    id === null ||
    (listing.isError && listing.error instanceof ApiError && listing.error.status === 404) ||
    !listing.data
  ) {
    if (listing.isError && !(listing.error instanceof ApiError && listing.error.status === 404)) {
      return (
        <div role="alert" className="flex flex-col items-start gap-4">
          <h1 className="text-3xl font-bold">The puzzle could not be loaded</h1>
          <Button onClick={() => void listing.refetch()}>Try again</Button>
        </div>
      );
    }
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">Puzzle not found</h1>
        <p>This puzzle may have been traded, withdrawn or never existed.</p>
        <BackToBrowse />
      </div>
    );
  }
  return <PuzzleDetail listing={listing.data} onRequest={onRequest} onContact={onContact} />;
}

function BackToBrowse() {
  return (
    <Link to={paths.browsePuzzles.getHref()} className={buttonClasses({ variant: 'ghost', className: 'self-start' })}>
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back to Browse
    </Link>
  );
}

/**
 * The viewer's own open request for this puzzle, in place of Request Puzzle: 'You asked for
 * this on 3 Dec: waiting for Derek P.' with a link to the trade (issue 14).
 */
function MyRequestLine({
  listing,
  request,
}: {
  listing: Listing;
  request: NonNullable<ListingDetail['myOpenRequest']>;
}) {
  const asked = `You asked for this on ${formatClubDayOrDate(request.createdAt)}`;
  const state =
    request.status === 'pending'
      ? `waiting for ${listing.ownerName}`
      : request.status === 'disputed'
        ? 'the club team is looking at a problem with this trade'
        : `${listing.ownerName} accepted, and the puzzle is yours once it arrives`;
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
      <p className="font-semibold">
        {asked}: {state}
      </p>
      <Link to={paths.trades.getHref({ trade: request.tradeId })} className="font-semibold text-brand-800 underline">
        See your trade
      </Link>
    </div>
  );
}

function PuzzleDetail({ listing, onRequest, onContact }: { listing: ListingDetail } & ListingActions) {
  const user = useCurrentUser();
  const own = user?.id === listing.userId;
  const myRequest = user ? (listing.myOpenRequest ?? null) : null;
  // Held by an accepted trade: the badge says so, and a request would only be refused.
  const reserved = isReserved(listing) && !myRequest;
  // The owner is away (docs/product/trust.md#away): the page says until when, and a request would be refused.
  const away = own ? null : (listing.ownerAwayUntil ?? null);
  // Said before Request Puzzle when the member's balance is short of the puzzle's points.
  const short =
    user !== null && !own && !reserved && !myRequest && user.puzzlePoints < listing.puzzlePoints ? user : null;
  // Offered first to a member who wished for it: nobody else may ask until the hold ends.
  const heldForOthers = isHeld(listing) && listing.heldForMe !== true;
  const navigate = useNavigate();
  const details: [string, string | null][] = [
    ['Manufacturer', listing.manufacturerName ?? 'Not given'],
    ['Artist', listing.artist ?? 'Not given'],
    ['Dimensions', sizeLabel(listing) ?? 'Not given'],
    ['Year', listing.yearOfManufacture === null ? 'Not given' : String(listing.yearOfManufacture)],
    ['Barcode', listing.barcodeNumber],
  ];

  return (
    <div className="flex flex-col gap-6">
      <BackToBrowse />
      <div className="grid gap-8 lg:grid-cols-2">
        <ListingImages listing={listing} />
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-3xl font-bold">{listing.title}</h1>
            {listing.subtitle && <p className="mt-1 text-xl text-ink-muted">{listing.subtitle}</p>}
          </div>
          <div className="rounded-lg bg-highlight-100 p-4 text-highlight-900">
            <p className="font-semibold">Trading Value</p>
            <p className="text-2xl font-bold">{puzzlePointsLabel(listing.puzzlePoints)}</p>
          </div>
          <ListingBadges listing={listing} showPoints={false} />
          <p>
            <span className="font-semibold">Missing pieces: </span>
            {missingPiecesLabel(listing.missingPieces)}
          </p>
          <OwnerLine listing={listing} />
          {away && (
            <p className="rounded-md border-2 border-highlight-900 bg-highlight-100 p-3 font-semibold text-ink">
              {awayMessage(listing.ownerName, away)} Their puzzles can be requested again then.
            </p>
          )}
          <HoldNotice listing={listing} />
          {reserved && (
            <p className="font-semibold">
              {own
                ? RESERVED_FOR_OWNER
                : 'Another member is trading for this puzzle, so it cannot be requested at the moment.'}
            </p>
          )}
          {myRequest && <MyRequestLine listing={listing} request={myRequest} />}
          {!user && !reserved && <p className="font-semibold">Members can request this puzzle for PuzzlePoints.</p>}
          {short && <PointsShort balance={short.puzzlePoints} cost={listing.puzzlePoints} />}
          <div className="flex flex-wrap gap-3">
            {!own && !reserved && !myRequest && !away && !heldForOthers && (
              <Button
                size="large"
                aria-describedby={short ? POINTS_SHORT_ID : undefined}
                onClick={() => (onRequest ? onRequest(listing) : void navigate(paths.messages.getHref()))}
              >
                Request Puzzle
              </Button>
            )}
            <Button
              size="large"
              variant="secondary"
              disabled={own}
              onClick={() => (onContact ? onContact(listing) : void navigate(paths.messages.getHref()))}
            >
              {own ? 'Your Puzzle' : 'Contact Owner'}
            </Button>
            <FavoriteButton listing={listing} withText />
            <WishButton listing={listing} />
            <ShareButton id={listing.id} />
          </div>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="puzzle-details-heading" className="rounded-lg border border-line bg-white p-5">
          <h2 id="puzzle-details-heading" className="text-2xl font-bold">
            Puzzle Details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            {details.map(([term, value]) =>
              value === null ? null : (
                <div key={term} className="contents">
                  <dt className="font-semibold">{term}</dt>
                  <dd>{value}</dd>
                </div>
              ),
            )}
          </dl>
        </section>
        <section aria-labelledby="puzzle-description-heading" className="rounded-lg border border-line bg-white p-5">
          <h2 id="puzzle-description-heading" className="text-2xl font-bold">
            Description
          </h2>
          <p className="mt-3 whitespace-pre-line">{listing.description ?? 'No description given.'}</p>
        </section>
      </div>
    </div>
  );
}

/**
 * Before 'Request Puzzle', when the member's balance is short of the puzzle's points: how
 * many more they need, in plain words, and how to earn them (issue 22). The request dialog
 * would only refuse; this says so before it opens.
 */
const POINTS_SHORT_ID = 'points-short';

function PointsShort({ balance, cost }: { balance: number; cost: number }) {
  const needed = pointsNeededText(balance, cost);
  if (needed === null) return null;
  return (
    <div
      id={POINTS_SHORT_ID}
      className="flex flex-col gap-2 rounded-lg border-2 border-highlight-900 bg-highlight-100 p-4 text-highlight-900"
    >
      <p className="text-xl font-bold">{needed} to request this puzzle.</p>
      <p>
        You have {puzzlePointsLabel(balance)}; this puzzle asks {puzzlePointsLabel(cost)}. You earn PuzzlePoints when
        you pass on a puzzle of yours: list the puzzles you have finished, and when a member asks for one and receives
        it, its points are yours.
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.listPuzzle.getHref()} className="font-semibold text-brand-700 underline">
          List a puzzle
        </Link>
        <Link to={paths.help.getHref('points')} className="font-semibold text-brand-700 underline">
          How PuzzlePoints work
        </Link>
      </p>
    </div>
  );
}

function ShareButton({ id }: { id: number }) {
  return (
    <Button size="large" variant="ghost" onClick={() => void copyLink(listingShareUrl(id))}>
      <Share2 aria-hidden="true" className="size-5" />
      Share
    </Button>
  );
}

type Which = 'puzzle' | 'box';

function ListingImages({ listing }: { listing: Listing }) {
  const [shown, setShown] = useState<Which>('puzzle');
  const images: Record<Which, { url: string | null; thumb: string | null; label: string; missing: string }> = {
    puzzle: {
      url: listing.puzzleImageUrl,
      thumb: listing.puzzleThumbnailUrl,
      label: 'Puzzle image',
      missing: 'No puzzle image',
    },
    box: { url: listing.boxImageUrl, thumb: listing.boxThumbnailUrl, label: 'Box image', missing: 'No box image' },
  };
  const current = images[shown];
  const main = usePictureFailure(current.url);
  return (
    <section aria-labelledby="images-heading" className="flex flex-col gap-3">
      <h2 id="images-heading" className="sr-only">
        Images
      </h2>
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg border border-line bg-brand-50">
        {main.failed ? (
          <NoPhoto className="text-lg" />
        ) : current.url ? (
          // The page's largest picture (its LCP): fetched first, sized so nothing moves; its
          // thumbnail where that is sharp enough. The server's preload names the same srcset.
          // srcset and sizes before src: the browser must know them before it picks a file.
          <img
            srcSet={listingPictureSrcSet(current.url, current.thumb)}
            sizes={LISTING_PICTURE_SIZES}
            src={current.url}
            alt={`${current.label} of ${listing.title}`}
            width={1200}
            height={900}
            fetchPriority="high"
            onError={main.onError}
            className="size-full object-contain"
          />
        ) : (
          <p className="flex flex-col items-center gap-2 text-ink-muted">
            <ImageOff aria-hidden="true" className="size-10" />
            {current.missing}
          </p>
        )}
      </div>
      <div className="flex gap-3" role="group" aria-label="Choose an image">
        {(Object.keys(images) as Which[]).map((which) => {
          const image = images[which];
          return (
            <button
              key={which}
              type="button"
              aria-pressed={shown === which}
              onClick={() => setShown(which)}
              className={cn(
                'flex w-32 flex-col items-center gap-1 rounded-md border-2 p-1',
                shown === which ? 'border-brand-700 font-semibold' : 'border-line',
              )}
            >
              {/* The button is named 'Puzzle' or 'Box' by its word below; 'No photo' is for the eye. */}
              <span
                aria-hidden="true"
                className="flex aspect-square w-full items-center justify-center overflow-hidden rounded bg-brand-50"
              >
                <LazyPicture
                  src={image.thumb ?? image.url}
                  inView
                  width={120}
                  height={120}
                  icon={false}
                  className="size-full object-cover"
                />
              </span>
              <span>{which === 'puzzle' ? 'Puzzle' : 'Box'}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
