import type pg from 'pg';
import { WISHES_MAX } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import {
  puzzleTitleKey,
  WISH_DUPLICATE_MESSAGE,
  WISHES_FULL_MESSAGE,
  type WishCreate,
  type WishDemandQuery,
  type WishView,
} from '../../domain/wanted';
import { uniqueViolationConstraint, type DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { findListing } from '../listings/listing-stock-service';
import { findUnknownManufacturerIds } from '../manufacturers/manufacturers-service';
import { lockMembers } from '../members/members-service';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import { countWaiting, countWishes, deleteWish, findWish, insertWish, listWishes } from './wanted-repository';
import { endOfferOfRemovedWish, WISH_NOT_FOUND_MESSAGE } from './wish-offers-service';

// The wish list (docs/product/wanted.md#the-wish-list): particular puzzles a member hopes
// for, at most 100, each with its place in line and the offer running for it.

export function myWishes(db: DbOrTx, memberId: number, pool?: pg.Pool): Promise<WishView[]> {
  return listWishes(db, memberId, undefined, pool);
}

/** The puzzle a wish names: given by title, or the puzzle of a listing the member can see. */
async function wishedPuzzle(db: DbOrTx, memberId: number, body: WishCreate) {
  if ('listingId' in body) {
    const listing = await findListing(db, body.listingId);
    // Drafts and archived listings are their owner's alone; a sold one may be wished for again.
    const visible =
      listing && (listing.userId === memberId || listing.status === 'active' || listing.status === 'sold');
    if (!listing || !visible) throw new AppError('LISTING_NOT_FOUND');
    return { title: listing.title, manufacturerId: listing.manufacturerId, pieces: listing.pieces };
  }
  const manufacturerId = body.manufacturerId ?? null;
  if (manufacturerId !== null && (await findUnknownManufacturerIds(db, [manufacturerId])).length > 0) {
    throw new AppError('VALIDATION', 'Choose a manufacturer from the list', [
      { path: 'manufacturerId', message: 'Choose a manufacturer from the list' },
    ]);
  }
  return { title: body.title.trim(), manufacturerId, pieces: body.pieces ?? null };
}

export async function addWish(db: DbOrTx, memberId: number, body: WishCreate): Promise<WishView> {
  const puzzle = await wishedPuzzle(db, memberId, body);
  try {
    const id = await runInTransaction(db, async (tx) => {
      await lockMembers(tx, [memberId]);
      if ((await countWishes(tx, memberId)) >= WISHES_MAX) throw new AppError('CONFLICT', WISHES_FULL_MESSAGE);
      const row = await insertWish(tx, { memberId, ...puzzle, titleKey: puzzleTitleKey(puzzle.title) });
      return row.id;
    });
    return (await listWishes(db, memberId, id))[0]!;
  } catch (err) {
    if (uniqueViolationConstraint(err) === 'wishes_member_puzzle_unique') {
      throw new AppError('CONFLICT', WISH_DUPLICATE_MESSAGE);
    }
    throw err;
  }
}

/** Removes the wish; an offer running for it moves to the next in line. */
export async function removeWish(deps: NoticeDeps, memberId: number, id: number, now = new Date()): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const wish = await findWish(tx, memberId, id);
    if (!wish) throw new AppError('NOT_FOUND', WISH_NOT_FOUND_MESSAGE);
    await endOfferOfRemovedWish(tx, outbox, memberId, id, now);
    await deleteWish(tx, id);
  });
}

/** How many members wish for the puzzle the listing form describes so far. */
export async function wishDemand(db: DbOrTx, query: WishDemandQuery): Promise<{ waiting: number }> {
  return {
    waiting: await countWaiting(db, puzzleTitleKey(query.title), query.manufacturerId ?? null, query.pieces ?? null),
  };
}
