import type { SortOption } from '../../domain/constants';
import { chooseSuggestion, oneLetterSlips, slipSources, suggestableWord } from '../../domain/forgiving-search';
import type { BrowseQuestion } from '../../domain/browse';
import { byDistance, nearestFirst } from './browse-index-distance';
import { NONE, SHOWN, type IntList } from './browse-index-lists';
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
  store.owners.hideSuspendedAsOf(now, store.state);
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
    const stamp = ++store.stamp;
    const slots: number[] = [];
    const next = cursor(narrow);
    for (let s = next(); s !== NONE; s = next()) {
      if (store.slotStamp[s] === stamp || !slotMatches(store, s, plan, narrow.passes)) continue;
      store.slotStamp[s] = stamp;
      slots.push(s);
    }
    return { ids: byDistance(store, query.origin, slots).slice(offset, offset + limit), matches: slots.length };
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
  const stamp = ++store.stamp;
  const matched = store.matched;
  matched.length = 0;
  const next = cursor(candidates);
  let tested = 0;
  const testUntil = (enough: number) => {
    for (let slot = next(); slot !== NONE; slot = next()) {
      tested++;
      if (store.slotStamp[slot] === stamp || !slotMatches(store, slot, plan, candidates.passes)) continue;
      store.slotStamp[slot] = stamp;
      matched.push(slot);
      if (matched.length >= enough) return false;
    }
    return true;
  };
  if (!testUntil(need)) {
    const walked = walk(
      store,
      order,
      window.from,
      window.to,
      plan,
      offset,
      limit,
      offset + limit,
      candidates.size - tested,
    );
    if (walked.complete) return { ids: walked.ids, matches: need };
    testUntil(Infinity);
  }
  return { ids: inOrder(store, query.sort, window.from, matched, stamp, offset, limit), matches: matched.length };
}

/**
 * The 'Did you mean' word for a one-word search (chooseSuggestion over the words one slip
 * away that titles, artists or makers of the listings shown at `now` have), or null. Browse
 * asks only when the search found nothing; about a thousand map lookups.
 */
export function suggest(store: IndexStore, q: string | undefined, now: number): string | null {
  const word = suggestableWord(q);
  if (word === null) return null;
  store.owners.hideSuspendedAsOf(now, store.state);
  const counts = new Map<string, number>();
  for (const source of slipSources(word)) {
    for (const slip of oneLetterSlips(source)) {
      const slots = store.vocabulary.get(slip);
      if (!slots || counts.has(slip)) continue;
      let shown = 0;
      for (let i = 0; i < slots.length; i++) if (store.state[slots.items[i]!] === SHOWN) shown++;
      counts.set(slip, shown);
    }
  }
  return chooseSuggestion(word, counts);
}

/** The candidates' slots one by one (NONE when done). */
function cursor(candidates: Candidates): () => number {
  if (candidates.slice) {
    const { order, from, to } = candidates.slice;
    let j = from;
    return () => (j < to ? order.items[j++]! : NONE);
  }
  const lists = candidates.lists!;
  let l = 0;
  let j = 0;
  return () => {
    while (l < lists.length && j >= lists[l]!.length) [l, j] = [l + 1, 0];
    return l < lists.length ? lists[l]!.items[j++]! : NONE;
  };
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

/** The ids of `limit` matches (slots stamped `stamp`) from `offset`, in the sort's order. */
function inOrder(
  store: IndexStore,
  sort: SortOption,
  from: number,
  matched: IntList,
  stamp: number,
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
      if (store.slotStamp[slot] !== stamp) continue;
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

/** Whether slot s matches, skipping the text filter its candidates already pass. */
function slotMatches(store: IndexStore, s: number, p: Plan, passes: Candidates['passes']): boolean {
  if (store.state[s] !== SHOWN) return false;
  if (p.difficulty !== NONE && store.difficulty[s] !== p.difficulty) return false;
  if (p.condition !== NONE && store.condition[s] !== p.condition) return false;
  if (p.manufacturerId !== NONE && store.manufacturerIds[s] !== p.manufacturerId) return false;
  if (p.filterYear) {
    const y = store.year[s]!;
    if (y === NONE || y < p.yearMin || y > p.yearMax) return false;
  }
  const pieces = store.pieces[s]!;
  if (pieces < p.minPieces || pieces > p.maxPieces) return false;
  const points = store.points[s]!;
  if (points < p.minPoints || points > p.maxPoints) return false;
  if (p.complete && store.complete[s] === 0) return false;
  if (p.inPerson && store.inPerson[s] === 0) return false;
  if (p.artists !== NONE && passes !== 'artists') {
    const a = store.artist[s]!;
    if (a === NONE || store.artistStamp[a] !== p.artists) return false;
  }
  if (p.owners !== NONE && passes !== 'owners' && store.ownerStamp[store.owner[s]!] !== p.owners) return false;
  if (p.searchMarked !== NONE) return passes === 'words' || store.searchStamp[s] === p.searchMarked;
  if (p.words !== NONE && passes !== 'words') {
    const stamps = store.wordStamp;
    const words = store.wordIds.items;
    for (let i = store.wordStart[s]!, end = store.wordStart[s + 1]!; i < end; i++) {
      if (stamps[words[i]!] === p.words) return true;
    }
    return false;
  }
  return true;
}
