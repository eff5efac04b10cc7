import type { SortOption } from '../../domain/constants';
import { chooseSuggestion, oneLetterSlips, slipSources, suggestableWord } from '../../domain/forgiving-search';
import type { BrowseQuestion } from '../../domain/browse';
import { byDistance, nearestFirst } from './browse-index-distance';
import { hasBit, NONE, setBit, SHOWN, STATE_MASK, type IntList } from './browse-index-lists';
import { ranks } from './browse-index-order';
import { candidates as candidatesOf, plan as planOf, type Candidates, type Plan } from './browse-index-plan';
import type { IndexStore } from './browse-index-store';

// Answering a browse question from the browse index (browse-index.ts): the page, how many
// match, and the 'Did you mean' word. A question costs one pass over typed arrays: its
// candidates (browse-index-plan.ts) tested one by one, or a walk of its sort order.

export type IndexAnswer = {
  /** The page's listing ids, in order (up to the limit asked). */
  ids: number[];
  /** How many listings match: exact below the `countUpTo` asked, otherwise at least that. */
  matches: number;
};

/**
 * The page (`limit` ids from `offset`) and how many listings match, counted exactly up to
 * `countUpTo`; or null when the question's text cannot be compared here exactly (see
 * browse-index-plan.ts). Suspensions are judged at `now` (ms since 1970).
 */
export function answer(
  store: IndexStore,
  query: BrowseQuestion,
  limit: number,
  offset: number,
  countUpTo: number,
  now: number,
): IndexAnswer | null {
  store.owners.hideSuspendedAsOf(now, store.facets);
  const plan = planOf(store, query);
  if (plan === null) return null;
  if (plan === 'nothing') return { ids: [], matches: 0 };
  const need = Math.max(countUpTo, offset + limit);
  if (query.sort === 'distance') {
    // No stored order. A narrow question tests its few candidates and sorts the matches by
    // owner's distance; a broad one walks the owners nearest first (browse-index-distance.ts).
    const narrow = candidatesOf(store, plan, 'newest');
    if (narrow.size * 8 > store.used) {
      return nearestFirst(store, query.origin, (s) => slotMatches(store, s, plan, undefined), offset, limit, need);
    }
    const matched = store.matched;
    matched.length = 0;
    store.matchedMarks.fill(0);
    testMatches(store, narrow, plan, Infinity, { list: 0, at: 0, tested: 0 });
    return { ids: byDistance(store, query.origin, matched, offset, limit), matches: matched.length };
  }
  const candidates = candidatesOf(store, plan, query.sort);
  if (candidates.sorted && candidates.slice) {
    // The candidates are in the question's order: walk them, counting until `need`.
    const { order, from, to } = candidates.slice;
    return walk(store, order, from, to, plan, offset, limit, need, Infinity);
  }
  const order = store.orders.get(query.sort)!;
  const { window } = candidates;
  if (!candidates.lists && !candidates.slice) {
    // Nothing narrows the question: walk its order from the front, counting until `need`.
    return walk(store, order, window.from, window.to, plan, offset, limit, need, Infinity);
  }
  // Test the candidates, stopping once `need` match: the count is then known to be at least
  // that, and the page is usually a short walk of the order (about (offset + limit) ×
  // size / matches steps). When the matches sit far down the order (a search for a word of
  // the title, sorted by title), the walk gives up after as many steps as testing the
  // remaining candidates costs, and the matches are put in order instead.
  const matched = store.matched;
  matched.length = 0;
  store.matchedMarks.fill(0);
  const progress = { list: 0, at: 0, tested: 0 };
  if (!testMatches(store, candidates, plan, need, progress)) {
    const walked = walk(
      store,
      order,
      window.from,
      window.to,
      plan,
      offset,
      limit,
      offset + limit,
      candidates.size - progress.tested,
    );
    if (walked.complete) return { ids: walked.ids, matches: need };
    testMatches(store, candidates, plan, Infinity, progress);
  }
  return { ids: inOrder(store, query.sort, window.from, matched, offset, limit), matches: matched.length };
}

/**
 * The 'Did you mean' word for a one-word search (chooseSuggestion over the words one slip
 * away that titles, artists or makers of the listings shown at `now` have), or null. Browse
 * asks only when the search found nothing; about a thousand map lookups.
 */
export function suggest(store: IndexStore, q: string | undefined, now: number): string | null {
  const word = suggestableWord(q);
  if (word === null) return null;
  store.owners.hideSuspendedAsOf(now, store.facets);
  const counts = new Map<string, number>();
  for (const source of slipSources(word)) {
    for (const slip of oneLetterSlips(source)) {
      const slots = store.vocabulary.get(slip);
      if (!slots || counts.has(slip)) continue;
      let shown = 0;
      for (let i = 0; i < slots.length; i++) if ((store.facets[slots.items[i]!]! & STATE_MASK) === SHOWN) shown++;
      counts.set(slip, shown);
    }
  }
  return chooseSuggestion(word, counts);
}

/** How far testing a question's candidates has got: the list, the place in it, how many tested. */
type Progress = { list: number; at: number; tested: number };

/**
 * Tests the candidates from where `progress` says, adding each match not yet marked in
 * store.matchedMarks to store.matched (and marking it), until `enough` are matched (false) or no candidate is
 * left (true). Plain loops over the lists: a cursor closure per slot cost a tenth of the time.
 */
function testMatches(
  store: IndexStore,
  candidates: Candidates,
  plan: Plan,
  enough: number,
  progress: Progress,
): boolean {
  const { matched, matchedMarks } = store;
  const { passes } = candidates;
  const lists = candidates.slice ? [candidates.slice.order] : candidates.lists!;
  for (; progress.list < lists.length; progress.list++, progress.at = 0) {
    const { items } = lists[progress.list]!;
    let at = candidates.slice ? Math.max(progress.at, candidates.slice.from) : progress.at;
    const to = candidates.slice ? candidates.slice.to : lists[progress.list]!.length;
    while (at < to) {
      const slot = items[at++]!;
      progress.tested++;
      if (hasBit(matchedMarks, slot) || !slotMatches(store, slot, plan, passes)) continue;
      setBit(matchedMarks, slot);
      matched.push(slot);
      if (matched.length >= enough) {
        progress.at = at;
        return false;
      }
    }
  }
  return true;
}

/**
 * Walks `order` from `from` to `to` for `limit` ids from `offset`, counting matches up to
 * `need`, for at most `budget` steps. Complete when it found what it was after or reached
 * `to` (then the count is exact).
 */
function walk(
  store: IndexStore,
  order: IntList,
  from: number,
  to: number,
  plan: Plan,
  offset: number,
  limit: number,
  need: number,
  budget: number,
): IndexAnswer & { complete: boolean } {
  const ids: number[] = [];
  let found = 0;
  for (let i = from; i < to && found < need; i++) {
    if (i - from >= budget) return { ids, matches: found, complete: false };
    const slot = order.items[i]!;
    if (!slotMatches(store, slot, plan, undefined)) continue;
    if (found >= offset && ids.length < limit) ids.push(store.ids[slot]!);
    found++;
  }
  return { ids, matches: found, complete: true };
}

/** The ids of `limit` matches (the slots in `matched`, marked in store.matchedMarks) from `offset`, in the sort's order. */
function inOrder(
  store: IndexStore,
  sort: SortOption,
  from: number,
  matched: IntList,
  offset: number,
  limit: number,
): number[] {
  const ids: number[] = [];
  const count = offset + limit;
  const order = store.orders.get(sort)!;
  const n = matched.length;
  if (n === 0) return ids;
  // Walking the order from the front finds them after about count × size / matches steps,
  // unless the matches sit far down the order; then (or when walking looks dear) their
  // positions in the order are sorted instead.
  const end = Math.min(order.length, from + 4 * n);
  if ((count * store.used) / n < end - from) {
    let seen = 0;
    let i = from;
    for (; i < end && seen < count; i++) {
      const slot = order.items[i]!;
      if (!hasBit(store.matchedMarks, slot)) continue;
      if (seen++ >= offset) ids.push(store.ids[slot]!);
    }
    if (seen >= count || i >= order.length) return ids;
    ids.length = 0;
  }
  const rank = ranks(store, sort);
  // The matched list is scratch, done with: its positions can be sorted in its place.
  const positions = matched.items.subarray(0, n);
  for (let i = 0; i < n; i++) positions[i] = rank[positions[i]!]!;
  positions.sort();
  for (let i = offset; i < n && i < count; i++) ids.push(store.ids[order.items[positions[i]!]!]!);
  return ids;
}

/**
 * Whether slot s matches, skipping the text filter its candidates already pass. Each array it
 * reads is a memory read at a listing's place (the slots come in no order the cache knows), so
 * it reads only what the question asks, the search's mark first (it rules out the most).
 */
function slotMatches(store: IndexStore, s: number, p: Plan, passes: Candidates['passes']): boolean {
  if (p.searchMarked && passes !== 'words' && !hasBit(store.searchMarks, s)) return false;
  if ((store.facets[s]! & p.facetMask) !== p.facetWant) return false;
  if (p.manufacturerId !== NONE && store.manufacturerIds[s] !== p.manufacturerId) return false;
  if (p.filterYear) {
    const y = store.year[s]!;
    if (y === NONE || y < p.yearMin || y > p.yearMax) return false;
  }
  if (p.filterPieces) {
    const pieces = store.pieces[s]!;
    if (pieces < p.minPieces || pieces > p.maxPieces) return false;
  }
  if (p.filterPoints) {
    const points = store.points[s]!;
    if (points < p.minPoints || points > p.maxPoints) return false;
  }
  if (p.artists !== NONE && passes !== 'artists') {
    const a = store.artist[s]!;
    if (a === NONE || store.artistStamp[a] !== p.artists) return false;
  }
  if (p.owners !== NONE && passes !== 'owners' && store.ownerStamp[store.owner[s]!] !== p.owners) return false;
  if (p.words !== NONE && !p.searchMarked && passes !== 'words') {
    const stamps = store.wordStamp;
    const words = store.wordIds.items;
    for (let i = store.wordStart[s]!, end = store.wordStart[s + 1]!; i < end; i++) {
      if (stamps[words[i]!] === p.words) return true;
    }
    return false;
  }
  return true;
}
