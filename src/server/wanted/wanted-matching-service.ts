import type { FastifyBaseLogger } from 'fastify';
import { isSuspended } from '../../domain/admin';
import { matchesBrowseFilters, textLocation, type BrowsableListing } from '../../domain/browse';
import { isAway } from '../../domain/away';
import { listingMatchKeys, savedSearchFilters } from '../../domain/wanted';
import type { AppContext } from '../app-context';
import type { DbOrTx } from '../db/client';
import type { PuzzleListing } from '../db/schema';
import { runAfterReply } from '../http/after-reply';
import { listingInPlace } from '../listings/browse-service';
import { lockListing } from '../listings/listing-stock-service';
import { membersById } from '../members/members-service';
import { commitWithNotices, noticesFor, recordNotice, type NoticeDeps, type Outbox } from '../notices/notices';
import {
  candidateSearches,
  claimPendingListing,
  insertMatches,
  listingForMatching,
  type CandidateSearch,
  pendingListingIds,
  queuePendingListing,
  savedSearchNames,
} from './wanted-repository';
import { wantedMatchNotice } from './wanted-notices';
import { startOffers } from './wish-offers-service';

// Matching a listing that went live (docs/decisions/0030-wanted.md): the going-live
// transaction only queues the listing (a row in wanted_pending_listings), so publishing costs
// the owner one insert. The matching runs after the answer has gone out (after-reply) in one
// transaction that locks the listing, takes the queue row and deletes it with the matches,
// notices and first offer it writes. A process that stops in between leaves the row; the
// wanted sweeper in any process matches it later. Either way it is matched exactly once.

/** In the transaction that makes a listing live (published, made Live again, unarchived). */
export async function queueWantedMatching(tx: DbOrTx, listingId: number, now = new Date()): Promise<void> {
  await queuePendingListing(tx, listingId, now);
}

function browsable(listing: PuzzleListing, manufacturerName: string | null): BrowsableListing {
  return { ...listing, manufacturerName };
}

/**
 * The place part of a saved search (Location as text, Max Distance), which reads the owner, not
 * the listing: asked of browse's SQL for this one listing. Max Distance measures from the
 * searcher's own point; a search that names a postcode as its centre is not alerted on (looking
 * the place up would hold the listing's lock over a network call; its matches page shows it):
 * docs/decisions/0030-wanted.md.
 */
async function inPlace(
  tx: DbOrTx,
  listingId: number,
  search: CandidateSearch,
  asked: Map<string, Promise<boolean>>,
): Promise<boolean> {
  const q = savedSearchFilters(search.query);
  const distance = q.maxDistance !== undefined;
  if (!distance && textLocation(q) === undefined) return true;
  if (distance && (q.location?.trim() || search.point === null)) return false;
  const place = {
    location: q.location,
    maxDistance: q.maxDistance,
    ...(distance && search.point ? { origin: search.point } : {}),
  };
  // One question to the database per distinct place (many searches name the same town).
  const key = JSON.stringify(place);
  let answer = asked.get(key);
  if (!answer) asked.set(key, (answer = listingInPlace(tx, listingId, place)));
  return answer;
}

/** Saved searches: the candidates by key, each checked by browse's own rule; one notice per member. */
async function matchSavedSearches(
  tx: DbOrTx,
  outbox: Outbox,
  listing: PuzzleListing,
  manufacturerName: string | null,
  now: Date,
): Promise<void> {
  const card = browsable(listing, manufacturerName);
  const candidates = await candidateSearches(tx, listingMatchKeys(card), listing.userId, now);
  const byListing = candidates.filter((s) => matchesBrowseFilters(card, savedSearchFilters(s.query)));
  const matching: typeof byListing = [];
  const asked = new Map<string, Promise<boolean>>();
  for (const search of byListing) if (await inPlace(tx, listing.id, search, asked)) matching.push(search);
  const fresh = await insertMatches(
    tx,
    matching.map((s) => ({ savedSearchId: s.id, listingId: listing.id, memberId: s.memberId })),
    now,
  );
  const freshIds = new Set(fresh.map((m) => m.savedSearchId));
  const byMember = new Map<number, typeof matching>();
  for (const search of matching.filter((s) => freshIds.has(s.id))) {
    byMember.set(search.memberId, [...(byMember.get(search.memberId) ?? []), search]);
  }
  if (byMember.size === 0) return;
  const names = await savedSearchNames(tx, [...freshIds]);
  await recordNotice(tx, outbox, {
    at: now,
    notifications: [...byMember.values()].map((searches) =>
      wantedMatchNotice(
        { id: searches[0]!.memberId, email: searches[0]!.email },
        listing,
        searches.map((s) => names.get(s.id) ?? ''),
        // At once by e-mail when any matching search asks for it; daily and weekly wait for the digest.
        searches.some((s) => s.alert === 'instant'),
      ),
    ),
  });
}

/**
 * Matches one queued listing: false when it was not queued (or another process has it).
 * Lock order: the listing, then its queue row, then its offer.
 */
export async function matchQueuedListing(deps: NoticeDeps, listingId: number, now = new Date()): Promise<boolean> {
  return commitWithNotices(deps, async (tx, outbox) => {
    const listing = await lockListing(tx, listingId);
    if (!listing || !(await claimPendingListing(tx, listingId))) return false;
    if (listing.status !== 'active' || !listing.isAvailable) return true;
    const owner = (await membersById(tx, [listing.userId])).get(listing.userId);
    // A suspended member's puzzles are shown to nobody: nobody is told of them.
    if (!owner || isSuspended(owner, now)) return true;
    // Nor of an away member's: they are out of browse and matches (docs/product/trust.md#away).
    if (isAway(owner, now)) return true;
    const found = await listingForMatching(tx, listingId);
    await matchSavedSearches(tx, outbox, listing, found?.manufacturerName ?? null, now);
    await startOffers(tx, outbox, listing, now);
    return true;
  });
}

/** After the answer to a publish: match the listing if it was queued (a cheap look when not). */
export function matchAfterReply(ctx: AppContext, log: FastifyBaseLogger, listingId: number): void {
  runAfterReply(ctx, log, 'wanted matching', async () => {
    const db = ctx.database.db;
    // Most edits are not a going live: one indexed look, no transaction.
    if ((await pendingListingIds(db, new Date(), 1, listingId)).length === 0) return;
    await matchQueuedListing({ db, notices: noticesFor(ctx, log) }, listingId);
  });
}

const BATCH = 100;

/** The sweeper's part: listings queued before `queuedBefore` that nobody matched (a process stopped). */
export async function matchLeftoverListings(deps: NoticeDeps, queuedBefore: Date, now = new Date()): Promise<number[]> {
  const matched: number[] = [];
  const tried = new Set<number>();
  for (;;) {
    const ids = (await pendingListingIds(deps.db, queuedBefore, BATCH)).filter((id) => !tried.has(id));
    if (ids.length === 0) return matched;
    for (const id of ids) {
      tried.add(id);
      if (await matchQueuedListing(deps, id, now)) matched.push(id);
    }
  }
}
