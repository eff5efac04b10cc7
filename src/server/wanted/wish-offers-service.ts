import { isSuspended } from '../../domain/admin';
import { HOUR_MS } from '../../domain/constants';
import { formatClubDateTime } from '../../domain/dates';
import { wishOfferNotice } from './wanted-notices';
import { AppError } from '../../domain/errors';
import { heldRefusalMessage, NOT_OFFERED_MESSAGE, puzzleTitleKey, type WishOfferStatus } from '../../domain/wanted';
import { readSetting } from '../admin/settings-service';
import type { DbOrTx } from '../db/client';
import type { PuzzleListing, WishOffer } from '../db/schema';
import { lockListing, setListingHeldUntil } from '../listings/listing-stock-service';
import { membersById } from '../members/members-service';
import { commitWithNotices, recordNotice, type NoticeDeps, type Outbox } from '../notices/notices';
import {
  closeOffer,
  countOffers,
  deleteWishesForListing,
  dueOfferListingIds,
  findWish,
  insertOffer,
  lockOpenOffer,
  nextInLine,
  openOfferFor,
  openOfferOfWish,
} from './wanted-repository';

// The first offer, in turn (docs/product/wanted.md#the-first-offer). A listing that goes live
// is held for the member whose matching wish is oldest, for trading.firstOfferHours; a pass,
// the time running out or the wish being removed moves it to the next in line; after
// trading.maxOffersPerListing offers, or when nobody else waits, it is open to all.
//
// Every move happens in one transaction that locks the listing, then its open offer (lock
// order: listing, offer), and re-checks under the lock; the offer row carries its own end
// (`until`), so a restart loses no turn and the sweeper (jobs/wanted-sweeper.ts) in every app
// process moves each offer on exactly once.

/** Offers the listing to the next member in line, or opens it to all. */
async function offerNext(tx: DbOrTx, outbox: Outbox, listing: PuzzleListing, now: Date): Promise<void> {
  const open = async () => setListingHeldUntil(tx, listing, null);
  if (listing.status !== 'active' || !listing.isAvailable) return open();
  const owner = (await membersById(tx, [listing.userId])).get(listing.userId);
  if (!owner || isSuspended(owner, now)) return open();
  if ((await countOffers(tx, listing.id)) >= (await readSetting(tx, 'maxOffersPerListing'))) return open();
  const next = await nextInLine(tx, { ...listing, titleKey: puzzleTitleKey(listing.title) }, now);
  if (!next) return open();
  const until = new Date(now.getTime() + (await readSetting(tx, 'firstOfferHours')) * HOUR_MS);
  await insertOffer(tx, {
    listingId: listing.id,
    wishId: next.wishId,
    memberId: next.memberId,
    offeredAt: now,
    until,
    status: 'open',
  });
  await setListingHeldUntil(tx, listing, until);
  await recordNotice(tx, outbox, {
    at: now,
    notifications: [wishOfferNotice({ id: next.memberId, email: next.email }, listing, until, next.balance)],
    audit: {
      actorId: null,
      entityType: 'puzzle_listing',
      entityId: listing.id,
      action: 'wish_offer',
      details: { memberId: next.memberId, until: until.toISOString() },
    },
  });
}

/** Ends the open offer; the next in line is offered it unless `next` is false. */
async function endOffer(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  offer: WishOffer,
  status: Exclude<WishOfferStatus, 'open'>,
  now: Date,
  next = true,
): Promise<void> {
  await closeOffer(tx, offer.id, status, now);
  if (next) await offerNext(tx, outbox, listing, now);
  else await setListingHeldUntil(tx, listing, null);
}

/** A listing just went live (its row locked by the caller): the first offer, unless one runs. */
export async function startOffers(tx: DbOrTx, outbox: Outbox, listing: PuzzleListing, now: Date): Promise<void> {
  if (await lockOpenOffer(tx, listing.id)) return;
  await offerNext(tx, outbox, listing, now);
}

/**
 * A request for a listing (trades, under the listing's lock): refused while it is held for
 * someone else; the member it is held for ends the hold by asking. An offer whose time ran
 * out before the sweeper came moves on here first, so the next in line keeps their turn.
 */
export async function claimHeldListing(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  memberId: number,
  now: Date,
): Promise<void> {
  let offer = await lockOpenOffer(tx, listing.id);
  if (offer && offer.until <= now) {
    await endOffer(tx, outbox, listing, offer, 'expired', now);
    offer = await lockOpenOffer(tx, listing.id);
  }
  if (!offer) return;
  if (offer.memberId === memberId) return endOffer(tx, outbox, listing, offer, 'requested', now, false);
  throw new AppError('LISTING_HELD', heldRefusalMessage(formatClubDateTime(offer.until)));
}

/**
 * The listing can no longer be offered (gone to a trade, back to drafts, archived): the open
 * offer ends and nobody else is offered it now.
 */
export async function listingWithdrawn(tx: DbOrTx, listing: PuzzleListing, now: Date): Promise<void> {
  const offer = await lockOpenOffer(tx, listing.id);
  if (offer) await closeOffer(tx, offer.id, 'withdrawn', now);
  await setListingHeldUntil(tx, listing, null);
}

/** The member's request for the listing was accepted: their wishes for that puzzle are fulfilled. */
export async function fulfilWishes(tx: DbOrTx, memberId: number, listing: PuzzleListing): Promise<void> {
  await deleteWishesForListing(tx, memberId, { ...listing, titleKey: puzzleTitleKey(listing.title) });
}

/** Whether the listing is being offered first to this member (the puzzle page). */
export async function isHeldFor(db: DbOrTx, listingId: number, memberId: number): Promise<boolean> {
  return (await openOfferFor(db, listingId, memberId)) !== null;
}

/** The member passes on the listing offered for their wish: the next in line is offered it at once. */
export async function passOffer(deps: NoticeDeps, memberId: number, wishId: number, now = new Date()): Promise<void> {
  const wish = await findWish(deps.db, memberId, wishId);
  if (!wish) throw new AppError('NOT_FOUND', WISH_NOT_FOUND_MESSAGE);
  const peek = await openOfferOfWish(deps.db, memberId, wishId);
  if (!peek) throw new AppError('CONFLICT', NOT_OFFERED_MESSAGE);
  await commitWithNotices(deps, async (tx, outbox) => {
    const listing = await lockListing(tx, peek.listingId);
    const offer = listing ? await lockOpenOffer(tx, listing.id) : null;
    if (!listing || !offer || offer.id !== peek.id) throw new AppError('CONFLICT', NOT_OFFERED_MESSAGE);
    await endOffer(tx, outbox, listing, offer, 'passed', now);
  });
}

/** The member removes a wish: an offer running for it ends, and the next in line is offered the puzzle. */
export async function endOfferOfRemovedWish(tx: DbOrTx, outbox: Outbox, memberId: number, wishId: number, now: Date) {
  const peek = await openOfferOfWish(tx, memberId, wishId);
  if (!peek) return;
  const listing = await lockListing(tx, peek.listingId);
  const offer = listing ? await lockOpenOffer(tx, listing.id) : null;
  if (listing && offer && offer.id === peek.id) await endOffer(tx, outbox, listing, offer, 'withdrawn', now);
}

export const WISH_NOT_FOUND_MESSAGE = 'Wish not found';

const BATCH = 100;

/**
 * The sweeper's part (every app process runs it): each offer whose time has run out moves to
 * the next in line. A listing another process has locked is skipped (SKIP LOCKED), and the
 * offer is re-checked under the lock, so each moves on exactly once. Answers the listings moved.
 */
export async function expireDueOffers(deps: NoticeDeps, now: Date): Promise<number[]> {
  const moved: number[] = [];
  const tried = new Set<number>();
  for (;;) {
    const ids = (await dueOfferListingIds(deps.db, now, BATCH)).filter((id) => !tried.has(id));
    if (ids.length === 0) return moved;
    for (const id of ids) {
      tried.add(id);
      const done = await commitWithNotices(deps, async (tx, outbox) => {
        const listing = await lockListing(tx, id, { skipLocked: true });
        if (!listing) return false;
        const offer = await lockOpenOffer(tx, id);
        if (!offer || offer.until > now) return false;
        await endOffer(tx, outbox, listing, offer, 'expired', now);
        return true;
      });
      if (done) moved.push(id);
    }
  }
}
