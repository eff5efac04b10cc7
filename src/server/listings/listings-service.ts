import { isSuspended } from '../../domain/admin';
import { awayUntilNow } from '../../domain/away';
import type { ListingStatus } from '../../domain/enums';
import { AppError, formatValidationErrors, validationError, type FieldError } from '../../domain/errors';
import {
  canChangeStatus,
  isStatusOnlyPatch,
  listingInputSchema,
  listingStatusPatchSchema,
  type Listing,
  type ListingDetail,
  type ListingInput,
  SOLD_IS_FINAL_MESSAGE,
  TRADE_UNDER_WAY_MESSAGE,
} from '../../domain/listings';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../db/client';
import type { NewPuzzleListing, PuzzleListing } from '../db/schema';
import { holdsWhatPublishingEarns, unlockEarnedAchievements } from '../achievements/achievements-service';
import { findUnknownManufacturerIds } from '../manufacturers/manufacturers-service';
import { membersById } from '../members/members-service';
import { commitWithNotices, type NoticeDeps, type Outbox } from '../notices/notices';
import { closePendingRequests, hasTradeUnderWay } from '../trades/trades-service';
import { isStoredImage } from '../uploads/image-store';
import type { PictureStorage } from '../uploads/storage';
import { queueWantedMatching, wantedMatchingQueueRow } from '../wanted/wanted-matching-service';
import { isHeldFor, listingWithdrawn } from '../wanted/wish-offers-service';
import { forgetBrowseCaches } from './browse-repository';
import {
  activeListingViewsOf,
  countWithdrawableListingsOf,
  findListing,
  findListingPage,
  favoriteListingViews,
  findListingView,
  insertListingAnswered,
  type ListingInsertExtras,
  updateListing,
  withdrawListingsOf,
} from './listings-repository';

/**
 * For a closing membership (decision 0021): how many listings it would withdraw, and the
 * withdrawal itself, every active or draft listing archived in the closing's transaction. The
 * caller has closed their pending requests first (closePendingRequestsOfLeaving).
 */
export { countWithdrawableListingsOf, withdrawListingsOf };

// The rules for listings (docs/product/listings.md#listing-states), whatever the client sends: only the owner
// changes a listing; status moves exactly as canChangeStatus allows; 'sold' comes only from a
// completed trade (markListingSold) and is final.

export const NOT_YOUR_LISTING_MESSAGE = 'Only the owner can change this listing.';

/** Who may see a listing: everyone when active; otherwise its owner alone. */
export function canSeeListing(listing: Pick<PuzzleListing, 'status' | 'userId'>, viewerId: number | null): boolean {
  return listing.status === 'active' || listing.userId === viewerId;
}

/** Whether the member is suspended now: their listings are then shown to nobody else (docs/product/administration.md#suspensions). */
async function ownerSuspended(db: DbOrTx, ownerId: number): Promise<boolean> {
  const owner = (await membersById(db, [ownerId])).get(ownerId);
  return owner !== undefined && isSuspended(owner);
}

/**
 * Whether members other than its owner see the listing: active, and its owner not suspended
 * (the suspended member is told their puzzles are not shown; browse leaves them out too).
 */
export async function shownToOthers(db: DbOrTx, listing: Pick<PuzzleListing, 'status' | 'userId'>): Promise<boolean> {
  return listing.status === 'active' && !(await ownerSuspended(db, listing.userId));
}

/** A listing for `viewerId` (null for a visitor): 404 unless it is theirs or shown to others. */
export async function listingForViewer(db: DbOrTx, id: number, viewerId: number | null): Promise<ListingDetail> {
  const page = await findListingPage(db, id, viewerId);
  if (!page) throw new AppError('LISTING_NOT_FOUND');
  const { owner } = page;
  // A signed-out viewer has no open request to be told of: their answer has no such field.
  const listing = viewerId === null ? page.listing : { ...page.listing, myOpenRequest: page.request };
  const shown = listing.status === 'active' && !(owner && isSuspended(owner));
  if (listing.userId !== viewerId && !shown) throw new AppError('LISTING_NOT_FOUND');
  // An away owner's puzzle page stays, saying when they are back (docs/product/trust.md#away).
  const seen = { ...listing, ownerAwayUntil: owner ? awayUntilNow(owner) : null };
  if (viewerId === null || listing.heldUntil === null) return seen;
  return { ...seen, heldForMe: await isHeldFor(db, id, viewerId) };
}

/** The member's favourites whose listing they may see, newest first, each with it (one query). */
export function favoritesWithListings(db: DbOrTx, memberId: number, pool?: pg.Pool) {
  return favoriteListingViews(db, memberId, pool);
}

/** At most this many listings on a member's page: more than a member has on offer at once. */
export const MEMBER_PAGE_LISTINGS_LIMIT = 100;

/** A member's puzzles on offer now, newest first, as browse cards for `viewerId` (their member page). */
export function activeListingsOf(db: DbOrTx, ownerId: number, viewerId: number | null): Promise<Listing[]> {
  return activeListingViewsOf(db, ownerId, viewerId, MEMBER_PAGE_LISTINGS_LIMIT);
}

function invalid(errors: FieldError[]): AppError {
  return new AppError('VALIDATION', formatValidationErrors(errors), errors);
}

/** Why a status move is refused, in words for the My Listings toast. */
function refusedStatusChange(from: ListingStatus, to: ListingStatus): AppError {
  if (from === 'sold') return new AppError('INVALID_STATUS_CHANGE', SOLD_IS_FINAL_MESSAGE);
  if (from === 'archived' && to === 'active') {
    return new AppError(
      'INVALID_STATUS_CHANGE',
      'An archived listing goes back to the drafts first: unarchive it, then publish it.',
    );
  }
  return new AppError('INVALID_STATUS_CHANGE', `A listing cannot change from ${from} to ${to}.`);
}

// Stored image URLs are the ones POST /api/uploads hands out, for a file that is really in
// the upload folder: a URL that merely looks like one would show members a broken picture
// (or, once someone uploads a file of that name, a picture the member never chose). An edit
// may keep whatever the listing already has (seeded listings may point elsewhere), but a
// member cannot make a listing show an arbitrary URL.
export const IMAGE_NOT_UPLOADED_MESSAGE = 'Image must be uploaded to the club first';

/** Where the uploaded images live, for checking a listing's image URLs. */
export type ImageCheck = { pictures: PictureStorage };

async function checkImages(
  input: Partial<ListingInput>,
  current: PuzzleListing | null,
  images: ImageCheck,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of ['puzzleImageUrl', 'boxImageUrl'] as const) {
    const url = input[field];
    if (url === undefined || url === null) continue;
    if (current !== null && current[field] === url) continue;
    if (await isStoredImage(images.pictures, url)) continue;
    errors.push({ path: field, message: IMAGE_NOT_UPLOADED_MESSAGE });
  }
  return errors;
}

async function checkManufacturer(db: DbOrTx, manufacturerId: number | null | undefined, current: PuzzleListing | null) {
  if (manufacturerId === undefined || manufacturerId === null) return [];
  if (current?.manufacturerId === manufacturerId) return [];
  // A new choice must be one the form offers: an inactive manufacturer is no longer one.
  const unknown = await findUnknownManufacturerIds(db, [manufacturerId], { activeOnly: true });
  return unknown.length === 0 ? [] : [{ path: 'manufacturerId', message: 'Choose a manufacturer from the list' }];
}

/**
 * The form's fields as columns; `status` is handled by the callers. The parcel is four
 * columns, all set or all cleared (null: the member took it away).
 */
function formColumns<T extends Partial<ListingInput>>(
  input: T,
): Omit<T, 'status' | 'parcel'> & Partial<NewPuzzleListing> {
  const { status: _status, parcel, ...fields } = input;
  if (parcel === undefined) return fields;
  return {
    ...fields,
    parcelWeightGrams: parcel?.weightGrams ?? null,
    parcelLengthCm: parcel?.lengthCm ?? null,
    parcelWidthCm: parcel?.widthCm ?? null,
    parcelDepthCm: parcel?.depthCm ?? null,
  };
}

/**
 * What publishing does in the new listing's own statement: queue it for Wanted matching, and ask
 * whether its owner still needs First Listing. Placeholders, filled for each publish.
 */
const PUBLISHING: Omit<ListingInsertExtras<boolean>, 'values'> = {
  key: 'publishing',
  alongside: (newId) => wantedMatchingQueueRow(newId, sql.placeholder('queuedAt')),
  also: () => holdsWhatPublishingEarns(sql.placeholder('ownerId')),
};

/** A new listing; published at once (status active) it may earn its owner First Listing. */
export async function createListing(
  deps: NoticeDeps,
  ownerId: number,
  input: ListingInput,
  images: ImageCheck,
): Promise<Listing> {
  const errors = [
    ...(await checkImages(input, null, images)),
    ...(await checkManufacturer(deps.db, input.manufacturerId, null)),
  ];
  if (errors.length > 0) throw invalid(errors);
  const now = new Date();
  const live = input.status === 'active';
  const values = { ...formColumns(input), userId: ownerId, status: input.status, publishedAt: live ? now : null };
  // One statement, no transaction: the listing, a live one's Wanted queue row, the answer, and
  // whether its owner still needs First Listing (docs/performance.md, "Publishing with Wanted").
  const { listing, also: holdsAll } = live
    ? await insertListingAnswered(deps.db, values, {
        ...PUBLISHING,
        values: { queuedAt: now.toISOString(), ownerId },
      })
    : await insertListingAnswered(deps.db, values);
  // A member's first listing to go live: the one door, now that the listing is committed (a
  // process that stops in between leaves it to the member's next publish or other event).
  if (live && !holdsAll) await commitWithNotices(deps, (tx, outbox) => unlockEarnedAchievements(tx, ownerId, outbox));
  return listing;
}

/**
 * The listing for a change by `memberId`: 404 when they could not even see it (a draft is
 * nobody else's business), 403 when they can see it but it is not theirs.
 */
async function listingToChange(tx: DbOrTx, id: number, memberId: number): Promise<PuzzleListing> {
  const listing = await findListing(tx, id, { forUpdate: true });
  if (!listing || !canSeeListing(listing, memberId)) throw new AppError('LISTING_NOT_FOUND');
  if (listing.userId !== memberId) throw new AppError('FORBIDDEN', NOT_YOUR_LISTING_MESSAGE);
  if (listing.status === 'sold') throw new AppError('INVALID_STATUS_CHANGE', SOLD_IS_FINAL_MESSAGE);
  if (await hasTradeUnderWay(tx, listing.id)) throw new AppError('INVALID_STATUS_CHANGE', TRADE_UNDER_WAY_MESSAGE);
  return listing;
}

/** Status columns for a move to `to` (none when it is no move); refuses what docs/product/listings.md#listing-states does not allow. */
function statusColumns(listing: PuzzleListing, to: ListingStatus): Partial<NewPuzzleListing> {
  if (to === listing.status) return {};
  if (!canChangeStatus(listing.status, to)) throw refusedStatusChange(listing.status, to);
  // publishedAt records the first time the listing went live; going live again keeps it.
  return to === 'active' && listing.publishedAt === null ? { status: to, publishedAt: new Date() } : { status: to };
}

/**
 * Writes a listing's new columns. A listing that stops being active (draft or archived) can
 * no longer be traded, so its pending requests close at the same moment (nobody waits 7 days
 * for a puzzle that is gone); their requesters are told after the commit.
 */
async function writeChange(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  columns: Partial<NewPuzzleListing>,
): Promise<void> {
  if (Object.keys(columns).length > 0) await updateListing(tx, listing.id, columns);
  // Going live may earn the owner First Listing, and is news for members who want it (docs/product/wanted.md).
  if (columns.status === 'active') {
    await unlockEarnedAchievements(tx, listing.userId, outbox);
    await queueWantedMatching(tx, listing.id);
  }
  const leavesClub = listing.status === 'active' && columns.status !== undefined && columns.status !== 'active';
  if (leavesClub) {
    await closePendingRequests(tx, outbox, listing);
    await listingWithdrawn(tx, listing, new Date());
  }
}

/**
 * PATCH /puzzle-listings/:id: `{status}` alone moves the listing (My Listings buttons);
 * anything else is the whole form (with or without status), validated like a create.
 * Fields the body leaves out keep their stored values, so the schema's defaults never
 * overwrite anything silently; in particular a form without status keeps the status.
 */
export async function changeListing(
  deps: NoticeDeps,
  id: number,
  memberId: number,
  body: unknown,
  images: ImageCheck,
): Promise<Listing> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const listing = await listingToChange(tx, id, memberId);
    if (isStatusOnlyPatch(body)) {
      const parsed = listingStatusPatchSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error.issues);
      return writeChange(tx, outbox, listing, statusColumns(listing, parsed.data.status));
    }

    const parsed = listingInputSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const given = new Set(Object.keys(body as object));
    const input = Object.fromEntries(
      Object.entries(parsed.data).filter(([key]) => given.has(key)),
    ) as Partial<ListingInput>;

    const errors = [
      ...(await checkImages(input, listing, images)),
      ...(await checkManufacturer(tx, input.manufacturerId, listing)),
    ];
    const pieces = input.pieces ?? listing.pieces;
    const missingPieces = input.missingPieces ?? listing.missingPieces;
    if (missingPieces > pieces) {
      errors.push({ path: 'missingPieces', message: 'Missing pieces cannot be more than the puzzle has' });
    }
    if (errors.length > 0) throw invalid(errors);

    return writeChange(tx, outbox, listing, {
      ...formColumns(input),
      ...(input.status === undefined ? {} : statusColumns(listing, input.status)),
    });
  });
  // Again after the commit: a browse between the write and the commit may have remembered
  // the old card or count.
  forgetBrowseCaches();
  return (await findListingView(deps.db, id, memberId))!;
}
