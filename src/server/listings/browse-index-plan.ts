import type { SortOption } from '../../domain/constants';
import { searchForms } from '../../domain/forgiving-search';
import { textLocation, yearGroupRange, type BrowseQuestion } from '../../domain/browse';
import { ownerMiles } from './browse-index-distance';
import {
  COMPLETE_BIT,
  CODE_MASK,
  CONDITION_SHIFT,
  DIFFICULTY_SHIFT,
  ensure,
  IN_PERSON_BIT,
  setBit,
  IntList,
  NONE,
  SHOWN,
  STATE_MASK,
} from './browse-index-lists';
import { compareCodePoints, firstNot } from './browse-index-order';
import { CONDITION_CODES, DIFFICULTY_CODES, type IndexStore } from './browse-index-store';
import { normalisePostcode } from './browse-query';

// A browse question, read for the browse index (browse-index.ts): its plan (the filters as
// numbers and stamps) and its candidates (the smallest set of slots every match is in).
//
// Exactness. Every value compared here was computed by the database (lower() of titles,
// artists, towns and the search text; the owner's postcode area and outward code), so case
// folding is PostgreSQL's. The member's own text (search, artist, location) is compared only
// when it is printable ASCII, whose lower case is the same in JavaScript and PostgreSQL; and
// the search only when it has no space, because then 'the search text contains it' is exactly
// 'one of its words (runs between whitespace) contains it'. Anything else (a phrase, an 'é')
// has no plan (null) and browse asks the database.

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export type Plan = {
  difficulty: number;
  condition: number;
  /** A match's facets (IndexStore.facets, browse-index-lists.ts) masked with facetMask are facetWant. */
  facetMask: number;
  facetWant: number;
  manufacturerId: number;
  filterYear: boolean;
  yearMin: number;
  yearMax: number;
  filterPieces: boolean;
  minPieces: number;
  maxPieces: number;
  filterPoints: boolean;
  minPoints: number;
  maxPoints: number;
  /** Text filters: a word, artist or owner matches when its stamp equals this (NONE: unset). */
  words: number;
  /** Whether the search's listings are marked in store.searchMarks (few enough to mark). */
  searchMarked: boolean;
  artists: number;
  owners: number;
  wordLists: IntList[];
  artistLists: IntList[];
  ownerLists: IntList[];
};

/** Where a question's matches can be: the union of `lists`, a stretch of an order, or anywhere. */
export type Candidates = {
  size: number;
  lists?: IntList[];
  slice?: { order: IntList; from: number; to: number };
  /** The text filter every candidate already passes. */
  passes?: 'words' | 'artists' | 'owners';
  /** The slice is of the question's own order. */
  sorted?: boolean;
  /** Where in the question's order every match lies (a range on the sort's own key). */
  window: { from: number; to: number };
};

/** The question's plan; 'nothing' when nothing can match; null when it cannot be answered here. */
export function plan(store: IndexStore, query: BrowseQuestion): Plan | 'nothing' | null {
  const text = (value: string | undefined) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const q = text(query.q);
  const artist = text(query.artist);
  const location = text(textLocation(query));
  for (const t of [q, artist, location]) if (t !== undefined && !PRINTABLE_ASCII.test(t)) return null;
  if (q !== undefined && q.includes(' ')) return null;

  const stamp = ++store.stamp;
  const difficulty = query.difficulty === undefined ? NONE : DIFFICULTY_CODES.get(query.difficulty)!;
  const condition = query.condition === undefined ? NONE : CONDITION_CODES.get(query.condition)!;
  // What a match's facets read under the mask: shown, and the difficulty, condition, complete
  // and offered in person (or either way) when asked.
  let facetMask = STATE_MASK;
  let facetWant = SHOWN;
  const want = (mask: number, value: number) => {
    facetMask |= mask;
    facetWant |= value;
  };
  if (difficulty !== NONE) want(CODE_MASK << DIFFICULTY_SHIFT, difficulty << DIFFICULTY_SHIFT);
  if (condition !== NONE) want(CODE_MASK << CONDITION_SHIFT, condition << CONDITION_SHIFT);
  if (query.completeOnly === true) want(COMPLETE_BIT, COMPLETE_BIT);
  if (query.handover === 'in_person') want(IN_PERSON_BIT, IN_PERSON_BIT);
  const plan: Plan = {
    difficulty,
    condition,
    facetMask,
    facetWant,
    manufacturerId: query.manufacturerId ?? NONE,
    filterYear: query.year !== undefined,
    yearMin: -Infinity,
    yearMax: Infinity,
    filterPieces: query.minPieces !== undefined || query.maxPieces !== undefined,
    minPieces: query.minPieces ?? -Infinity,
    maxPieces: query.maxPieces ?? Infinity,
    filterPoints: query.minPoints !== undefined || query.maxPoints !== undefined,
    minPoints: query.minPoints ?? -Infinity,
    maxPoints: query.maxPoints ?? Infinity,
    words: NONE,
    searchMarked: false,
    artists: NONE,
    owners: NONE,
    wordLists: [],
    artistLists: [],
    ownerLists: [],
  };
  if (query.year !== undefined) {
    const { min, max } = yearGroupRange(query.year);
    plan.yearMin = min ?? -Infinity;
    plan.yearMax = max ?? Infinity;
  }
  if (q !== undefined) {
    plan.words = stamp;
    store.wordStamp = ensure(store.wordStamp, store.words.strings.length);
    let postings = 0;
    // The search or the other number of its last word (docs/decisions/0023): a word holding
    // either is a match. A word holding both is listed once.
    for (const form of searchForms(q)) {
      for (const w of store.words.containing(form.toLowerCase())) {
        if (store.wordStamp[w] === stamp) continue;
        store.wordStamp[w] = stamp;
        plan.wordLists.push(store.wordPostings[w]!);
        postings += store.wordPostings[w]!.length;
      }
    }
    // Marking each listing the search finds makes testing one a single lookup instead of a
    // look at each of its words; worth it unless the search finds nearly everything.
    if (postings <= store.used) {
      plan.searchMarked = true;
      const marks = store.searchMarks.fill(0);
      for (const list of plan.wordLists) for (let i = 0; i < list.length; i++) setBit(marks, list.items[i]!);
    }
  }
  if (artist !== undefined) {
    plan.artists = stamp;
    store.artistStamp = ensure(store.artistStamp, store.artists.strings.length);
    for (const a of store.artists.containing(artist.toLowerCase())) {
      store.artistStamp[a] = stamp;
      plan.artistLists.push(store.artistPostings[a]!);
    }
  }
  if (location !== undefined) {
    plan.owners = stamp;
    const owners = store.owners;
    store.ownerStamp = ensure(store.ownerStamp, owners.facts.length);
    const town = location.toLowerCase();
    const code = normalisePostcode(location);
    const codeLike = /^[A-Z0-9]{1,8}$/.test(code);
    const { facts, postings } = owners;
    const ownerStamp = store.ownerStamp;
    for (let n = 0; n < facts.length; n++) {
      const o = facts[n]!;
      if (!o.shown) continue;
      if ((o.town !== null && o.town.includes(town)) || (codeLike && (o.area === code || o.outward === code))) {
        ownerStamp[n] = stamp;
        plan.ownerLists.push(postings[n]!);
      }
    }
  }
  if (query.maxDistance !== undefined) {
    // The owners within the miles (Location, the other use of the owner stamp, is then a
    // centre, not a text match). Without an origin the route has refused the question.
    if (!query.origin) return 'nothing';
    plan.owners = stamp;
    store.ownerStamp = ensure(store.ownerStamp, store.owners.facts.length);
    const miles = ownerMiles(store, query.origin);
    for (let n = 0; n < miles.length; n++) {
      // NaN (no point) is never within.
      if (miles[n]! <= query.maxDistance) {
        store.ownerStamp[n] = stamp;
        plan.ownerLists.push(store.owners.postings[n]!);
      }
    }
  }
  return plan;
}

/** The smallest set of slots that every match of the plan is in. */
export function candidates(store: IndexStore, p: Plan, sort: SortOption): Candidates {
  const window = { from: 0, to: store.orders.get(sort)!.length };
  const offers: Candidates[] = [{ size: store.used, window }];
  const lists = (lists: IntList[], passes?: Candidates['passes']) =>
    offers.push({ size: lists.reduce((n, l) => n + l.length, 0), lists, passes, window });
  // A range is a stretch of its own order; when the question is sorted by that order, the
  // stretch is already in the question's order.
  const stretch = (by: SortOption, before: (slot: number) => boolean, within: (slot: number) => boolean) => {
    const order = store.orders.get(by)!;
    const from = firstNot(order, before, 0);
    const to = firstNot(order, within, from);
    if (by === sort) [window.from, window.to] = [Math.max(window.from, from), Math.min(window.to, to)];
    offers.push({ size: to - from, slice: { order, from, to }, sorted: by === sort, window });
  };
  if (p.words !== NONE) lists(p.wordLists, 'words');
  if (p.artists !== NONE) lists(p.artistLists, 'artists');
  if (p.owners !== NONE) lists(p.ownerLists, 'owners');
  if (p.difficulty !== NONE) lists([store.difficultyPostings[p.difficulty] ?? new IntList()]);
  if (p.condition !== NONE) lists([store.conditionPostings[p.condition] ?? new IntList()]);
  const { pieces, points, year, manufacturerKeys: keys } = store;
  if (p.manufacturerId !== NONE) {
    const list = store.manufacturerPostings.get(p.manufacturerId) ?? new IntList();
    const key = list.length > 0 ? keys[list.items[0]!]! : null;
    if (sort === 'manufacturer' && key !== null) {
      // Its listings are together in manufacturer order (with any maker of the same name).
      const of = (s: number) => keys[s] ?? null;
      stretch(
        'manufacturer',
        (s) => of(s) !== null && compareCodePoints(of(s)!, key) < 0,
        (s) => of(s) === key,
      );
    } else {
      lists([list]);
    }
  }
  const ranges: Array<[SortOption, SortOption, Int32Array, number, number, boolean]> = [
    ['pieces-asc', 'pieces-desc', pieces, p.minPieces, p.maxPieces, p.filterPieces],
    ['points-asc', 'points-desc', points, p.minPoints, p.maxPoints, p.filterPoints],
    ['year-oldest', 'year-newest', year, p.yearMin, p.yearMax, p.filterYear],
  ];
  for (const [asc, desc, value, min, max, set] of ranges) {
    if (!set) continue;
    // Both orders put listings without a year last (NONE never occurs for pieces, points).
    const has = (s: number) => value[s] !== NONE;
    if (sort === desc)
      stretch(
        desc,
        (s) => has(s) && value[s]! > max,
        (s) => has(s) && value[s]! >= min,
      );
    else
      stretch(
        asc,
        (s) => has(s) && value[s]! < min,
        (s) => has(s) && value[s]! <= max,
      );
  }
  let best = offers[0]!;
  for (const offer of offers) if (offer.size < best.size) best = offer;
  // Walking a stretch in order stops as soon as the page and the count are known: worth
  // taking over a somewhat smaller unordered set.
  const sorted = offers.find((o) => o.sorted);
  return sorted && sorted.size <= best.size * 4 ? sorted : best;
}
