import { SORT_OPTIONS, type SortOption } from '../../domain/constants';
import {
  chooseSuggestion,
  oneLetterSlips,
  searchForms,
  slipSources,
  suggestableWord,
  vocabularyWords,
} from '../../domain/forgiving-search';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../domain/enums';
import { yearGroupRange, type BrowseQuery } from '../../domain/listings';
import { normalisePostcode } from './browse-query';

// An in-memory index of the active listings, answering browse's questions (which listings
// match, how many, in what order) exactly as browse-query.ts's SQL does, in microseconds.
// Why (docs/decisions/0011-browse-under-varied-traffic.md): when every member asks something
// different, PostgreSQL reads each matching row (a few µs each on this machine) for the page
// and again for 'Showing X of Y', milliseconds per question; here a question costs one pass
// over typed arrays. The database stays the truth: browse-index-sync.ts loads this index and
// keeps it exactly current (a version every committed change bumps), and the cards are still
// read from the database.
//
// Exactness. Every value compared here was computed by the database (lower() of titles,
// artists, towns and the search text; the owner's postcode area and outward code), so case
// folding is PostgreSQL's. The member's own text (search, artist, location) is compared only
// when it is printable ASCII, whose lower case is the same in JavaScript and PostgreSQL; and
// the search only when it has no space, because then 'the search text contains it' is exactly
// 'one of its words (runs between whitespace) contains it'. Anything else (a phrase, an 'é')
// returns null and browse asks the database.
//
// Suspensions (docs/product/administration.md#suspensions). A suspended member's listings stay in the index but are hidden
// while the suspension is in force, as browse-query.ts's ownerNotSuspended hides them: the
// owner's facts carry the suspension, and each answer first brings the hidden marks up to its
// clock, which costs nothing until the next moment a suspension starts counting or ends. So a
// suspension with an end date ends by itself at that moment, on every process, with no
// change to read; testing a listing stays one look at its state.

/** One active listing, as the database computed its browse facts. */
export type IndexedListing = {
  id: number;
  userId: number;
  /** coalesce(published_at, created_at) in microseconds since 1970. */
  listedAt: number;
  /** lower(title) */
  titleKey: string;
  pieces: number;
  points: number;
  year: number | null;
  manufacturerId: number | null;
  /** lower(manufacturer name) */
  manufacturerKey: string | null;
  difficulty: string;
  condition: string;
  complete: boolean;
  /** lower(artist) */
  artistKey: string | null;
  /** search_text (already lower case) */
  searchText: string;
};

/** A listing owner's location facts, as locationCondition in browse-query.ts reads them. */
export type IndexedOwner = {
  id: number;
  /** lower(town_or_city) */
  town: string | null;
  /** The postcode area (leading letters of the normalised postcode), if any. */
  area: string | null;
  /** The outward code (normalised postcode minus its last 3), if longer than 3. */
  outward: string | null;
  /** member_profiles.show_location IS NOT FALSE */
  shown: boolean;
  /** users.suspended_at IS NOT NULL */
  suspended: boolean;
  /** users.suspended_until in milliseconds since 1970 (null: none, until further notice). */
  suspendedUntil: number | null;
};

export type IndexAnswer = {
  /** The page's listing ids, in order (up to the limit asked). */
  ids: number[];
  /** How many listings match: exact below the `countUpTo` asked, otherwise at least that. */
  matches: number;
};

// The search text's words: runs between ASCII whitespace. A search without whitespace is
// inside the text exactly when it is inside one of these.
const WORD_SEPARATORS = /[ \t\n\r\f\v]+/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const DIFFICULTY_CODES = new Map<string, number>(LISTING_DIFFICULTIES.map((d, i) => [d, i]));
const CONDITION_CODES = new Map<string, number>(LISTING_CONDITIONS.map((c, i) => [c, i]));
const NONE = -1;

// A slot's state: a listing gone (changed, no longer active), one browse shows, or one whose
// owner is suspended now.
const DEAD = 0;
const SHOWN = 1;
const HIDDEN = 2;

/**
 * Until when an owner's listings are hidden (ms since 1970): isSuspended's rule
 * (src/domain/admin.ts), in force while suspended and the end, if any, is still ahead.
 */
function hiddenUntil(owner: IndexedOwner): number {
  return owner.suspended ? (owner.suspendedUntil ?? Infinity) : 0;
}

/**
 * PostgreSQL's COLLATE "C" order: UTF-8 bytes, which is code point order. JavaScript compares
 * UTF-16 code units, which differs only between a surrogate (a character beyond U+FFFF) and
 * U+E000..U+FFFF; shifting those two ranges (as ICU's code point order does) fixes it.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000;
      y += y >= 0xe000 ? -0x800 : 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** A growable list of numbers. */
class IntList {
  items = new Int32Array(8);
  length = 0;
  push(value: number): void {
    if (this.length === this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = value;
  }
}

/** Dictionary of distinct strings with a trigram index, for 'which of them contain x'. */
class Dictionary {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly trigrams = new Map<string, IntList>();

  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(text);
      this.ids.set(text, id);
      const seen = new Set<string>();
      for (let i = 0; i + 3 <= text.length; i++) {
        const gram = text.slice(i, i + 3);
        if (seen.has(gram)) continue;
        seen.add(gram);
        let list = this.trigrams.get(gram);
        if (!list) this.trigrams.set(gram, (list = new IntList()));
        list.push(id);
      }
    }
    return id;
  }

  /** Ids of the strings containing `needle`. */
  containing(needle: string): number[] {
    const found: number[] = [];
    if (needle.length < 3) {
      for (let id = 0; id < this.strings.length; id++) if (this.strings[id]!.includes(needle)) found.push(id);
      return found;
    }
    // Only strings holding the needle's rarest trigram can hold the needle.
    let rarest: IntList | undefined;
    for (let i = 0; i + 3 <= needle.length; i++) {
      const list = this.trigrams.get(needle.slice(i, i + 3));
      if (!list) return found;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    for (let i = 0; i < rarest!.length; i++) {
      const id = rarest!.items[i]!;
      if (this.strings[id]!.includes(needle)) found.push(id);
    }
    return found;
  }
}

type Plan = {
  difficulty: number;
  condition: number;
  manufacturerId: number;
  filterYear: boolean;
  yearMin: number;
  yearMax: number;
  minPieces: number;
  maxPieces: number;
  minPoints: number;
  maxPoints: number;
  complete: boolean;
  /** Text filters: a word, artist or owner matches when its stamp equals this (NONE: unset). */
  words: number;
  /** When the search's listings are marked in searchStamp (few enough to mark), the mark. */
  searchMarked: number;
  artists: number;
  owners: number;
  wordLists: IntList[];
  artistLists: IntList[];
  ownerLists: IntList[];
};

/** Where a question's matches can be: the union of `lists`, a stretch of an order, or anywhere. */
type Candidates = {
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

/**
 * The index. Listings live in slots (struct of arrays); a changed listing gets a new slot and
 * its old one dies, and compact() renumbers when many have died. Each sort order keeps its
 * slots in order, maintained by binary insertion, so a page in any order is a walk from the
 * front, and a range of pieces, points or years is a stretch of its order.
 */
export class BrowseIndex {
  private capacity = 0;
  private used = 0;
  private dead = 0;
  private ids = new Int32Array(0);
  private state = new Uint8Array(0); // DEAD, SHOWN or HIDDEN
  private listedAt = new Float64Array(0);
  private pieces = new Int32Array(0);
  private points = new Int32Array(0);
  private year = new Int32Array(0); // NONE: no year
  private manufacturerIds = new Int32Array(0); // NONE: none
  private difficulty = new Uint8Array(0);
  private condition = new Uint8Array(0);
  private complete = new Uint8Array(0);
  private owner = new Int32Array(0); // owner number (ownerNumbers)
  private artist = new Int32Array(0); // artist dictionary id, NONE: no artist
  private wordStart = new Int32Array(0); // slot s's words: wordIds[wordStart[s] .. wordStart[s + 1])
  private wordIds = new IntList();
  private titleKeys: string[] = [];
  private manufacturerKeys: Array<string | null> = [];

  private readonly slotOf = new Map<number, number>();
  private words = new Dictionary();
  private artists = new Dictionary();
  private wordPostings: IntList[] = [];
  private artistPostings: IntList[] = [];
  /** The 'Did you mean' vocabulary: each word of 4+ letters of titles, artists and makers, and its slots. */
  private vocabulary = new Map<string, IntList>();
  private readonly owners: IndexedOwner[] = [];
  private readonly ownerNumbers = new Map<number, number>();
  private ownerPostings: IntList[] = [];
  /** Whether each owner's slots are marked HIDDEN now. */
  private readonly ownerHidden: boolean[] = [];
  /** Owners suspended, or marked hidden: the only ones whose marks can change with time. */
  private readonly suspendedOwners = new Set<number>();
  /** The marks are right from `hiddenAsOf` until `nextHiddenChange`, unless a suspension changed. */
  private hiddenAsOf = -Infinity;
  private nextHiddenChange = Infinity;
  private hiddenStale = false;
  private manufacturerPostings = new Map<number, IntList>();
  private difficultyPostings: IntList[] = [];
  private conditionPostings: IntList[] = [];
  private readonly orders = new Map<SortOption, IntList>();
  /** Positions in each order, built when first needed after a change. */
  private readonly rankings = new Map<SortOption, Int32Array>();

  // Per-question scratch, stamped rather than cleared (a question runs synchronously).
  private stamp = 0;
  private readonly matched = new IntList();
  private slotStamp = new Int32Array(0);
  private searchStamp = new Int32Array(0);
  private wordStamp = new Int32Array(0);
  private artistStamp = new Int32Array(0);
  private ownerStamp = new Int32Array(0);

  constructor(listings: Iterable<IndexedListing>, owners: Iterable<IndexedOwner>) {
    for (const owner of owners) this.setOwner(owner);
    const all = [...listings];
    this.grow(Math.max(1024, all.length * 2));
    for (const listing of all) this.add(listing);
    for (const sort of SORT_OPTIONS) {
      const list = new IntList();
      list.items = Int32Array.from({ length: Math.max(8, this.capacity) }, (_, i) => i);
      list.items.subarray(0, this.used).sort(this.comparator(sort));
      list.length = this.used;
      this.orders.set(sort, list);
    }
  }

  /** How many listings the index holds. */
  get size(): number {
    return this.slotOf.size;
  }

  /** The ids of every listing in the index. */
  listingIds(): number[] {
    return [...this.slotOf.keys()];
  }

  /** The ids of an owner's listings in the index (shown or hidden). */
  listingIdsOf(userId: number): number[] {
    const n = this.ownerNumbers.get(userId);
    if (n === undefined) return [];
    const slots = this.ownerPostings[n]!;
    const ids: number[] = [];
    for (let i = 0; i < slots.length; i++) {
      const s = slots.items[i]!;
      if (this.state[s] !== DEAD) ids.push(this.ids[s]!);
    }
    return ids;
  }

  /** Listings that changed (now active: `listings`; no longer active or gone: `removedIds`). */
  apply(listings: IndexedListing[], removedIds: number[], owners: IndexedOwner[]): void {
    this.rankings.clear();
    for (const owner of owners) this.setOwner(owner);
    for (const id of removedIds) this.remove(id);
    for (const listing of listings) {
      this.remove(listing.id);
      if (this.used === this.capacity) this.compact(Math.max(1024, this.size * 2));
      const slot = this.add(listing);
      for (const [sort, order] of this.orders) this.insertOrdered(order, slot, this.comparator(sort));
    }
    if (this.dead > 1024 && this.dead > this.used / 4) this.compact(this.capacity);
  }

  /**
   * The page (`limit` ids from `offset`) and how many listings match, counted exactly up to
   * `countUpTo`; or null when the question's text cannot be compared here exactly (see the
   * top of this file). Suspensions are judged at `now` (ms since 1970).
   */
  answer(
    query: BrowseQuery,
    limit: number,
    offset: number,
    countUpTo: number,
    now: number = Date.now(),
  ): IndexAnswer | null {
    this.hideSuspendedAsOf(now);
    const plan = this.plan(query);
    if (plan === null) return null;
    if (plan === 'nothing') return { ids: [], matches: 0 };
    const need = Math.max(countUpTo, offset + limit);
    const candidates = this.candidates(plan, query.sort);
    if (candidates.sorted && candidates.slice) {
      // The candidates are in the question's order: walk them, counting until `need`.
      const { order, from, to } = candidates.slice;
      return this.walk(order, from, to, plan, offset, limit, need, Infinity);
    }
    const order = this.orders.get(query.sort)!;
    const { window } = candidates;
    if (!candidates.lists && !candidates.slice) {
      // Nothing narrows the question: walk its order from the front, counting until `need`.
      return this.walk(order, window.from, window.to, plan, offset, limit, need, Infinity);
    }
    // Test the candidates, stopping once `need` match: the count is then known to be at least
    // that, and the page is usually a short walk of the order (about (offset + limit) ×
    // size / matches steps). When the matches sit far down the order (a search for a word of
    // the title, sorted by title), the walk gives up after as many steps as testing the
    // remaining candidates costs, and the matches are put in order instead.
    const stamp = ++this.stamp;
    const matched = this.matched;
    matched.length = 0;
    const next = this.cursor(candidates);
    let tested = 0;
    const testUntil = (enough: number) => {
      for (let slot = next(); slot !== NONE; slot = next()) {
        tested++;
        if (this.slotStamp[slot] === stamp || !this.passes(slot, plan, candidates.passes)) continue;
        this.slotStamp[slot] = stamp;
        matched.push(slot);
        if (matched.length >= enough) return false;
      }
      return true;
    };
    if (!testUntil(need)) {
      const walked = this.walk(
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
    return { ids: this.inOrder(query.sort, window.from, matched, stamp, offset, limit), matches: matched.length };
  }

  /**
   * The 'Did you mean' word for a one-word search (chooseSuggestion over the words one slip
   * away that titles, artists or makers of the listings shown at `now` have), or null. Browse
   * asks only when the search found nothing; about a thousand map lookups.
   */
  suggest(q: string | undefined, now: number = Date.now()): string | null {
    const word = suggestableWord(q);
    if (word === null) return null;
    this.hideSuspendedAsOf(now);
    const counts = new Map<string, number>();
    for (const source of slipSources(word)) {
      for (const slip of oneLetterSlips(source)) {
        const slots = this.vocabulary.get(slip);
        if (!slots || counts.has(slip)) continue;
        let shown = 0;
        for (let i = 0; i < slots.length; i++) if (this.state[slots.items[i]!] === SHOWN) shown++;
        counts.set(slip, shown);
      }
    }
    return chooseSuggestion(word, counts);
  }

  /** The candidates' slots one by one (NONE when done). */
  private cursor(candidates: Candidates): () => number {
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
  private walk(
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
      if (!this.passes(slot, plan, undefined)) continue;
      if (found >= offset && ids.length < limit) ids.push(this.ids[slot]!);
      found++;
    }
    return { ids, matches: found, complete: true };
  }

  /** The ids of `limit` matches (slots stamped `stamp`) from `offset`, in the sort's order. */
  private inOrder(
    sort: SortOption,
    from: number,
    matched: IntList,
    stamp: number,
    offset: number,
    limit: number,
  ): number[] {
    const ids: number[] = [];
    const count = offset + limit;
    const order = this.orders.get(sort)!;
    const n = matched.length;
    if (n === 0) return ids;
    // Walking the order from the front finds them after about count × size / matches steps,
    // unless the matches sit far down the order; then (or when walking looks dear) their
    // positions in the order are sorted instead.
    const end = Math.min(order.length, from + 4 * n);
    if ((count * this.used) / n < end - from) {
      let seen = 0;
      let i = from;
      for (; i < end && seen < count; i++) {
        const slot = order.items[i]!;
        if (this.slotStamp[slot] !== stamp) continue;
        if (seen++ >= offset) ids.push(this.ids[slot]!);
      }
      if (seen >= count || i >= order.length) return ids;
      ids.length = 0;
    }
    const rank = this.ranks(sort);
    // The matched list is scratch, done with: its positions can be sorted in its place.
    const positions = matched.items.subarray(0, n);
    for (let i = 0; i < n; i++) positions[i] = rank[positions[i]!]!;
    positions.sort();
    for (let i = offset; i < n && i < count; i++) ids.push(this.ids[order.items[positions[i]!]!]!);
    return ids;
  }

  /** Each slot's position in the sort's order (rebuilt after the order changed). */
  private ranks(sort: SortOption): Int32Array {
    let rank = this.rankings.get(sort);
    if (!rank) {
      const order = this.orders.get(sort)!;
      rank = new Int32Array(this.capacity);
      for (let i = 0; i < order.length; i++) rank[order.items[i]!] = i;
      this.rankings.set(sort, rank);
    }
    return rank;
  }

  // -------------------------------------------------------------------------------------

  private plan(query: BrowseQuery): Plan | 'nothing' | null {
    const text = (value: string | undefined) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : undefined;
    };
    const q = text(query.q);
    const artist = text(query.artist);
    const location = text(query.location);
    for (const t of [q, artist, location]) if (t !== undefined && !PRINTABLE_ASCII.test(t)) return null;
    if (q !== undefined && q.includes(' ')) return null;

    const stamp = ++this.stamp;
    const plan: Plan = {
      difficulty: query.difficulty === undefined ? NONE : DIFFICULTY_CODES.get(query.difficulty)!,
      condition: query.condition === undefined ? NONE : CONDITION_CODES.get(query.condition)!,
      manufacturerId: query.manufacturerId ?? NONE,
      filterYear: query.year !== undefined,
      yearMin: -Infinity,
      yearMax: Infinity,
      minPieces: query.minPieces ?? -Infinity,
      maxPieces: query.maxPieces ?? Infinity,
      minPoints: query.minPoints ?? -Infinity,
      maxPoints: query.maxPoints ?? Infinity,
      complete: query.completeOnly === true,
      words: NONE,
      searchMarked: NONE,
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
      this.wordStamp = ensure(this.wordStamp, this.words.strings.length);
      let postings = 0;
      // The search or the other number of its last word (docs/decisions/0023): a word holding
      // either is a match. A word holding both is listed once.
      for (const form of searchForms(q)) {
        for (const w of this.words.containing(form.toLowerCase())) {
          if (this.wordStamp[w] === stamp) continue;
          this.wordStamp[w] = stamp;
          plan.wordLists.push(this.wordPostings[w]!);
          postings += this.wordPostings[w]!.length;
        }
      }
      // Marking each listing the search finds makes testing one a single lookup instead of a
      // look at each of its words; worth it unless the search finds nearly everything.
      if (postings <= this.used) {
        plan.searchMarked = stamp;
        for (const list of plan.wordLists)
          for (let i = 0; i < list.length; i++) this.searchStamp[list.items[i]!] = stamp;
      }
    }
    if (artist !== undefined) {
      plan.artists = stamp;
      this.artistStamp = ensure(this.artistStamp, this.artists.strings.length);
      for (const a of this.artists.containing(artist.toLowerCase())) {
        this.artistStamp[a] = stamp;
        plan.artistLists.push(this.artistPostings[a]!);
      }
    }
    if (location !== undefined) {
      plan.owners = stamp;
      this.ownerStamp = ensure(this.ownerStamp, this.owners.length);
      const town = location.toLowerCase();
      const code = normalisePostcode(location);
      const codeLike = /^[A-Z0-9]{1,8}$/.test(code);
      this.owners.forEach((o, n) => {
        if (!o.shown) return;
        if ((o.town !== null && o.town.includes(town)) || (codeLike && (o.area === code || o.outward === code))) {
          this.ownerStamp[n] = stamp;
          plan.ownerLists.push(this.ownerPostings[n]!);
        }
      });
    }
    return plan;
  }

  /** The smallest set of slots that every match of the plan is in. */
  private candidates(p: Plan, sort: SortOption): Candidates {
    const window = { from: 0, to: this.orders.get(sort)!.length };
    const offers: Candidates[] = [{ size: this.used, window }];
    const lists = (lists: IntList[], passes?: Candidates['passes']) =>
      offers.push({ size: lists.reduce((n, l) => n + l.length, 0), lists, passes, window });
    // A range is a stretch of its own order; when the question is sorted by that order, the
    // stretch is already in the question's order.
    const stretch = (by: SortOption, before: (slot: number) => boolean, within: (slot: number) => boolean) => {
      const order = this.orders.get(by)!;
      const from = this.firstNot(order, before, 0);
      const to = this.firstNot(order, within, from);
      if (by === sort) [window.from, window.to] = [Math.max(window.from, from), Math.min(window.to, to)];
      offers.push({ size: to - from, slice: { order, from, to }, sorted: by === sort, window });
    };
    if (p.words !== NONE) lists(p.wordLists, 'words');
    if (p.artists !== NONE) lists(p.artistLists, 'artists');
    if (p.owners !== NONE) lists(p.ownerLists, 'owners');
    if (p.difficulty !== NONE) lists([this.difficultyPostings[p.difficulty] ?? new IntList()]);
    if (p.condition !== NONE) lists([this.conditionPostings[p.condition] ?? new IntList()]);
    const { pieces, points, year, manufacturerKeys: keys } = this;
    if (p.manufacturerId !== NONE) {
      const list = this.manufacturerPostings.get(p.manufacturerId) ?? new IntList();
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
      [
        'pieces-asc',
        'pieces-desc',
        pieces,
        p.minPieces,
        p.maxPieces,
        p.minPieces > -Infinity || p.maxPieces < Infinity,
      ],
      [
        'points-asc',
        'points-desc',
        points,
        p.minPoints,
        p.maxPoints,
        p.minPoints > -Infinity || p.maxPoints < Infinity,
      ],
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

  /** The first position from `from` in `order` whose slot fails `holds` (which holds for a prefix). */
  private firstNot(order: IntList, holds: (slot: number) => boolean, from: number): number {
    let lo = from;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (holds(order.items[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether slot s matches, skipping the text filter its candidates already pass. */
  private passes(s: number, p: Plan, passes: Candidates['passes']): boolean {
    if (this.state[s] !== SHOWN) return false;
    if (p.difficulty !== NONE && this.difficulty[s] !== p.difficulty) return false;
    if (p.condition !== NONE && this.condition[s] !== p.condition) return false;
    if (p.manufacturerId !== NONE && this.manufacturerIds[s] !== p.manufacturerId) return false;
    if (p.filterYear) {
      const y = this.year[s]!;
      if (y === NONE || y < p.yearMin || y > p.yearMax) return false;
    }
    const pieces = this.pieces[s]!;
    if (pieces < p.minPieces || pieces > p.maxPieces) return false;
    const points = this.points[s]!;
    if (points < p.minPoints || points > p.maxPoints) return false;
    if (p.complete && this.complete[s] === 0) return false;
    if (p.artists !== NONE && passes !== 'artists') {
      const a = this.artist[s]!;
      if (a === NONE || this.artistStamp[a] !== p.artists) return false;
    }
    if (p.owners !== NONE && passes !== 'owners' && this.ownerStamp[this.owner[s]!] !== p.owners) return false;
    if (p.searchMarked !== NONE) return passes === 'words' || this.searchStamp[s] === p.searchMarked;
    if (p.words !== NONE && passes !== 'words') {
      const stamps = this.wordStamp;
      const words = this.wordIds.items;
      for (let i = this.wordStart[s]!, end = this.wordStart[s + 1]!; i < end; i++) {
        if (stamps[words[i]!] === p.words) return true;
      }
      return false;
    }
    return true;
  }

  // -------------------------------------------------------------------------------------
  // Sort orders, exactly browse-query.ts's sortKeys: each key, then the newest id first
  // (oldest: the oldest id first); text in COLLATE "C" order; no year or manufacturer last.

  private comparator(sort: SortOption): (a: number, b: number) => number {
    const id = this.ids;
    const idDesc = (a: number, b: number) => id[b]! - id[a]!;
    const t = this.titleKeys;
    const m = this.manufacturerKeys;
    const listed = this.listedAt;
    const pieces = this.pieces;
    const points = this.points;
    const year = this.year;
    // Without a value last; two without compare equal here (then the id decides).
    const last = (xMissing: boolean, yMissing: boolean) => (xMissing === yMissing ? 0 : xMissing ? 1 : -1);
    switch (sort) {
      case 'newest':
        return (a, b) => listed[b]! - listed[a]! || idDesc(a, b);
      case 'oldest':
        return (a, b) => listed[a]! - listed[b]! || id[a]! - id[b]!;
      case 'title-asc':
        return (a, b) => compareCodePoints(t[a]!, t[b]!) || idDesc(a, b);
      case 'title-desc':
        return (a, b) => compareCodePoints(t[b]!, t[a]!) || idDesc(a, b);
      case 'pieces-asc':
        return (a, b) => pieces[a]! - pieces[b]! || idDesc(a, b);
      case 'pieces-desc':
        return (a, b) => pieces[b]! - pieces[a]! || idDesc(a, b);
      case 'points-asc':
        return (a, b) => points[a]! - points[b]! || idDesc(a, b);
      case 'points-desc':
        return (a, b) => points[b]! - points[a]! || idDesc(a, b);
      case 'manufacturer':
        return (a, b) =>
          last(m[a] === null, m[b] === null) || (m[a] === null ? 0 : compareCodePoints(m[a]!, m[b]!)) || idDesc(a, b);
      case 'year-newest':
        return (a, b) => last(year[a] === NONE, year[b] === NONE) || year[b]! - year[a]! || idDesc(a, b);
      case 'year-oldest':
        return (a, b) => last(year[a] === NONE, year[b] === NONE) || year[a]! - year[b]! || idDesc(a, b);
    }
  }

  private insertOrdered(order: IntList, slot: number, compare: (a: number, b: number) => number): void {
    const at = this.firstNot(order, (s) => compare(s, slot) < 0, 0);
    order.push(slot);
    order.items.copyWithin(at + 1, at, order.length - 1);
    order.items[at] = slot;
  }

  // -------------------------------------------------------------------------------------
  // Slots

  private setOwner(owner: IndexedOwner): void {
    let n = this.ownerNumbers.get(owner.id);
    if (n === undefined) {
      n = this.owners.length;
      this.ownerNumbers.set(owner.id, n);
      this.owners.push(owner);
      this.ownerPostings.push(new IntList());
      this.ownerHidden.push(false);
    } else {
      this.owners[n] = owner;
    }
    // Marked at the next answer, against its clock (a suspension lifted unmarks them then).
    if (owner.suspended) this.suspendedOwners.add(n);
    if (this.suspendedOwners.has(n)) this.hiddenStale = true;
  }

  private ownerNumber(userId: number): number {
    if (!this.ownerNumbers.has(userId))
      this.setOwner({
        id: userId,
        town: null,
        area: null,
        outward: null,
        shown: true,
        suspended: false,
        suspendedUntil: null,
      });
    return this.ownerNumbers.get(userId)!;
  }

  /**
   * Marks the listings of the owners suspended at `now` HIDDEN and the others' SHOWN. Only
   * when a suspension changed, or `now` reached the next moment one ends (or went back).
   */
  private hideSuspendedAsOf(now: number): void {
    if (!this.hiddenStale && now >= this.hiddenAsOf && now < this.nextHiddenChange) return;
    let next = Infinity;
    for (const n of this.suspendedOwners) {
      const until = hiddenUntil(this.owners[n]!);
      const hide = until > now;
      if (hide !== this.ownerHidden[n]) this.markOwner(n, hide);
      if (hide) next = Math.min(next, until);
      // An owner no longer suspended is unmarked once and forgotten; an ended suspension is
      // kept, as a clock set back would bring it into force again.
      if (!this.owners[n]!.suspended) this.suspendedOwners.delete(n);
    }
    this.hiddenAsOf = now;
    this.nextHiddenChange = next;
    this.hiddenStale = false;
  }

  private markOwner(n: number, hide: boolean): void {
    this.ownerHidden[n] = hide;
    const slots = this.ownerPostings[n]!;
    for (let i = 0; i < slots.length; i++) {
      const s = slots.items[i]!;
      if (this.state[s] !== DEAD) this.state[s] = hide ? HIDDEN : SHOWN;
    }
  }

  private remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.state[slot] = DEAD;
    this.dead++;
    this.slotOf.delete(id);
  }

  private add(listing: IndexedListing): number {
    const s = this.used++;
    this.slotOf.set(listing.id, s);
    this.ids[s] = listing.id;
    this.listedAt[s] = listing.listedAt;
    this.titleKeys[s] = listing.titleKey;
    this.pieces[s] = listing.pieces;
    this.points[s] = listing.points;
    this.year[s] = listing.year ?? NONE;
    this.manufacturerIds[s] = listing.manufacturerId ?? NONE;
    this.manufacturerKeys[s] = listing.manufacturerId === null ? null : listing.manufacturerKey;
    if (listing.manufacturerId !== null) {
      let list = this.manufacturerPostings.get(listing.manufacturerId);
      if (!list) this.manufacturerPostings.set(listing.manufacturerId, (list = new IntList()));
      list.push(s);
    }
    const difficulty = DIFFICULTY_CODES.get(listing.difficulty) ?? 255;
    this.difficulty[s] = difficulty;
    (this.difficultyPostings[difficulty] ??= new IntList()).push(s);
    const condition = CONDITION_CODES.get(listing.condition) ?? 255;
    this.condition[s] = condition;
    (this.conditionPostings[condition] ??= new IntList()).push(s);
    this.complete[s] = listing.complete ? 1 : 0;
    const owner = this.ownerNumber(listing.userId);
    this.state[s] = this.ownerHidden[owner] ? HIDDEN : SHOWN;
    this.owner[s] = owner;
    this.ownerPostings[owner]!.push(s);
    if (listing.artistKey === null) {
      this.artist[s] = NONE;
    } else {
      const a = this.artists.idOf(listing.artistKey);
      this.artist[s] = a;
      (this.artistPostings[a] ??= new IntList()).push(s);
    }
    this.wordStart[s] = this.wordIds.length;
    for (const word of new Set(listing.searchText.split(WORD_SEPARATORS))) {
      if (word === '') continue;
      const w = this.words.idOf(word);
      this.wordIds.push(w);
      (this.wordPostings[w] ??= new IntList()).push(s);
    }
    this.wordStart[s + 1] = this.wordIds.length;
    const spoken = [listing.titleKey, listing.artistKey ?? '', this.manufacturerKeys[s] ?? ''];
    for (const word of new Set(spoken.flatMap(vocabularyWords))) {
      let slots = this.vocabulary.get(word);
      if (!slots) this.vocabulary.set(word, (slots = new IntList()));
      slots.push(s);
    }
    return s;
  }

  /** Slot s's facts back as a listing (its words stand in for the search text). */
  private listingAt(s: number): IndexedListing {
    const words: string[] = [];
    for (let i = this.wordStart[s]!; i < this.wordStart[s + 1]!; i++)
      words.push(this.words.strings[this.wordIds.items[i]!]!);
    const year = this.year[s]!;
    const manufacturerId = this.manufacturerIds[s]!;
    const artist = this.artist[s]!;
    return {
      id: this.ids[s]!,
      userId: this.owners[this.owner[s]!]!.id,
      listedAt: this.listedAt[s]!,
      titleKey: this.titleKeys[s]!,
      pieces: this.pieces[s]!,
      points: this.points[s]!,
      year: year === NONE ? null : year,
      manufacturerId: manufacturerId === NONE ? null : manufacturerId,
      manufacturerKey: this.manufacturerKeys[s]!,
      difficulty: LISTING_DIFFICULTIES[this.difficulty[s]!] ?? '',
      condition: LISTING_CONDITIONS[this.condition[s]!] ?? '',
      complete: this.complete[s] === 1,
      artistKey: artist === NONE ? null : this.artists.strings[artist]!,
      searchText: words.join(' '),
    };
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    const resized = <T extends Int32Array | Uint8Array | Float64Array>(a: T, n = capacity): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a.subarray(0, Math.min(a.length, n)));
      return b;
    };
    this.ids = resized(this.ids);
    this.state = resized(this.state);
    this.listedAt = resized(this.listedAt);
    this.pieces = resized(this.pieces);
    this.points = resized(this.points);
    this.year = resized(this.year);
    this.manufacturerIds = resized(this.manufacturerIds);
    this.difficulty = resized(this.difficulty);
    this.condition = resized(this.condition);
    this.complete = resized(this.complete);
    this.owner = resized(this.owner);
    this.artist = resized(this.artist);
    this.wordStart = resized(this.wordStart, capacity + 1);
    this.slotStamp = new Int32Array(capacity);
    this.searchStamp = new Int32Array(capacity);
  }

  /**
   * Renumbers the live slots from 0 into arrays of `capacity`, keeping every order (which
   * needs no sorting) and dropping words and artists no listing has any more.
   */
  private compact(capacity: number): void {
    const renumber = new Int32Array(this.used).fill(NONE);
    const live: IndexedListing[] = [];
    for (let s = 0; s < this.used; s++) {
      if (this.state[s] === DEAD) continue;
      renumber[s] = live.length;
      live.push(this.listingAt(s));
    }
    const orders = new Map<SortOption, Int32Array>();
    for (const [sort, order] of this.orders) {
      const kept = new Int32Array(live.length);
      let n = 0;
      for (let i = 0; i < order.length; i++) {
        const s = renumber[order.items[i]!]!;
        if (s !== NONE) kept[n++] = s;
      }
      orders.set(sort, kept);
    }
    this.used = 0;
    this.dead = 0;
    this.slotOf.clear();
    this.wordIds = new IntList();
    this.words = new Dictionary();
    this.artists = new Dictionary();
    this.wordPostings = [];
    this.artistPostings = [];
    this.vocabulary = new Map();
    this.ownerPostings = this.owners.map(() => new IntList());
    this.manufacturerPostings = new Map();
    this.difficultyPostings = [];
    this.conditionPostings = [];
    this.titleKeys = [];
    this.manufacturerKeys = [];
    this.wordStamp = new Int32Array(0);
    this.artistStamp = new Int32Array(0);
    this.grow(capacity);
    for (const listing of live) this.add(listing);
    for (const [sort, kept] of orders) {
      const list = this.orders.get(sort)!;
      list.items = new Int32Array(Math.max(8, capacity));
      list.items.set(kept);
      list.length = kept.length;
    }
  }
}

function ensure(stamps: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (stamps.length >= length) return stamps;
  const bigger = new Int32Array(Math.max(length, stamps.length * 2, 64));
  bigger.set(stamps);
  return bigger;
}
