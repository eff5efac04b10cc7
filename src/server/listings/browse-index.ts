import { SORT_OPTIONS } from '../../domain/constants';
import type { BrowseQuestion } from '../../domain/browse';
import { answer, suggest, type IndexAnswer } from './browse-index-answer';
import { DEAD, IntList, STATE_MASK } from './browse-index-lists';
import { comparator, insertOrdered } from './browse-index-order';
import type { IndexedOwner } from './browse-index-owners';
import { IndexStore, type IndexedListing } from './browse-index-store';

export { compareCodePoints } from './browse-index-order';
export type { IndexAnswer } from './browse-index-answer';
export type { IndexedOwner } from './browse-index-owners';
export type { IndexedListing } from './browse-index-store';

// An in-memory index of the active listings, answering browse's questions (which listings
// match, how many, in what order) exactly as browse-query.ts's SQL does, in microseconds.
// Why (docs/decisions/0011-browse-under-varied-traffic.md): when every member asks something
// different, PostgreSQL reads each matching row (a few µs each on this machine) for the page
// and again for 'Showing X of Y', milliseconds per question; here a question costs one pass
// over typed arrays. The database stays the truth: browse-index-sync.ts loads this index and
// keeps it exactly current (a version every committed change bumps), and the cards are still
// read from the database.
//
// This file is the index's face; its parts:
// - browse-index-store.ts: the listings' slots (typed arrays), postings and dictionaries,
//   growth and compaction; browse-index-lists.ts: its building blocks;
// - browse-index-order.ts: the sort orders, exactly browse-query.ts's;
// - browse-index-plan.ts: a question read for the index (and when it cannot be: exactness);
// - browse-index-answer.ts: answering it, and 'Did you mean';
// - browse-index-owners.ts: the owners' facts, and hiding a suspended owner's listings;
// - browse-index-distance.ts: Max Distance and 'Nearest first', from the owners' points.

/** The index of the active listings: built from all of them, then kept current by apply(). */
export class BrowseIndex {
  private readonly store = new IndexStore();

  constructor(listings: Iterable<IndexedListing>, owners: Iterable<IndexedOwner>) {
    const store = this.store;
    for (const owner of owners) store.owners.set(owner);
    const all = [...listings];
    store.grow(Math.max(1024, all.length * 2));
    for (const listing of all) store.add(listing);
    // 'Nearest first' depends on where the question measures from: it has no stored order
    // (browse-index-distance.ts orders the owners for each question).
    for (const sort of SORT_OPTIONS.filter((s) => s !== 'distance')) {
      const list = new IntList();
      list.items = Int32Array.from({ length: Math.max(8, store.capacity) }, (_, i) => i);
      list.items.subarray(0, store.used).sort(comparator(store, sort));
      list.length = store.used;
      store.orders.set(sort, list);
    }
  }

  /** How many listings the index holds. */
  get size(): number {
    return this.store.size;
  }

  /** The ids of every listing in the index. */
  listingIds(): number[] {
    return [...this.store.slotOf.keys()];
  }

  /** The point of a listing's owner, if the index holds the listing and the owner has one. */
  ownerPoint(listingId: number): { latitude: number; longitude: number } | null {
    const slot = this.store.slotOf.get(listingId);
    if (slot === undefined) return null;
    const owner = this.store.owners.facts[this.store.owner[slot]!]!;
    return owner.latitude === null || owner.longitude === null
      ? null
      : { latitude: owner.latitude, longitude: owner.longitude };
  }

  /** The ids of an owner's listings in the index (shown or hidden). */
  listingIdsOf(userId: number): number[] {
    const store = this.store;
    const n = store.owners.numberOf(userId);
    if (n === undefined) return [];
    const slots = store.owners.postings[n]!;
    const ids: number[] = [];
    for (let i = 0; i < slots.length; i++) {
      const s = slots.items[i]!;
      if ((store.facets[s]! & STATE_MASK) !== DEAD) ids.push(store.ids[s]!);
    }
    return ids;
  }

  /** Listings that changed (now active: `listings`; no longer active or gone: `removedIds`). */
  apply(listings: IndexedListing[], removedIds: number[], owners: IndexedOwner[]): void {
    const store = this.store;
    for (const sort of store.rankings.keys()) store.staleRankings.add(sort);
    for (const owner of owners) store.owners.set(owner);
    for (const id of removedIds) store.remove(id);
    for (const listing of listings) {
      store.remove(listing.id);
      if (store.used === store.capacity) store.compact(Math.max(1024, store.size * 2));
      const slot = store.add(listing);
      for (const [sort, order] of store.orders) insertOrdered(order, slot, comparator(store, sort));
    }
    if (store.dead > 1024 && store.dead > store.used / 4) store.compact(store.capacity);
  }

  /**
   * The page (`limit` ids from `offset`) and how many listings match, counted exactly up to
   * `countUpTo`; or null when the question's text cannot be compared here exactly (see
   * browse-index-plan.ts). Suspensions are judged at `now` (ms since 1970).
   */
  answer(
    query: BrowseQuestion,
    limit: number,
    offset: number,
    countUpTo: number,
    now: number = Date.now(),
  ): IndexAnswer | null {
    return answer(this.store, query, limit, offset, countUpTo, now);
  }

  /**
   * The 'Did you mean' word for a one-word search (chooseSuggestion over the words one slip
   * away that titles, artists or makers of the listings shown at `now` have), or null. Browse
   * asks only when the search found nothing; about a thousand map lookups.
   */
  suggest(q: string | undefined, now: number = Date.now()): string | null {
    return suggest(this.store, q, now);
  }
}
