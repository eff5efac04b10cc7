import type { SortOption } from '../../domain/constants';
import { vocabularyWords } from '../../domain/forgiving-search';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../domain/enums';
import {
  CODE_MASK,
  COMPLETE_BIT,
  CONDITION_SHIFT,
  DEAD,
  bitSetFor,
  Dictionary,
  DIFFICULTY_SHIFT,
  HIDDEN,
  IN_PERSON_BIT,
  IntList,
  NONE,
  SHOWN,
  STATE_MASK,
} from './browse-index-lists';
import { IndexOwners } from './browse-index-owners';

// The browse index's storage (browse-index.ts). Listings live in slots (struct of arrays: one
// typed array per fact, indexed by slot); a changed listing gets a new slot and its old one
// dies, and compact() renumbers when many have died. Beside the slots: postings (each
// difficulty's, condition's, maker's, word's, artist's and owner's slots), the dictionaries
// of words and artists, the 'Did you mean' vocabulary, and each sort order's slots in order
// (browse-index-order.ts keeps them).

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
  /** handover <> 'post': offered in person or either way. */
  inPerson: boolean;
};

// The search text's words: runs between ASCII whitespace. A search without whitespace is
// inside the text exactly when it is inside one of these.
const WORD_SEPARATORS = /[ \t\n\r\f\v]+/;

export const DIFFICULTY_CODES = new Map<string, number>(LISTING_DIFFICULTIES.map((d, i) => [d, i]));
export const CONDITION_CODES = new Map<string, number>(LISTING_CONDITIONS.map((c, i) => [c, i]));

/** The slots and everything kept beside them. */
export class IndexStore {
  capacity = 0;
  used = 0;
  dead = 0;
  ids = new Int32Array(0);
  /** State (DEAD, SHOWN or HIDDEN), difficulty, condition, complete, in person: browse-index-lists.ts. */
  facets = new Uint16Array(0);
  listedAt = new Float64Array(0);
  pieces = new Int32Array(0);
  points = new Int32Array(0);
  year = new Int32Array(0); // NONE: no year
  manufacturerIds = new Int32Array(0); // NONE: none
  owner = new Int32Array(0); // owner number (owners)
  artist = new Int32Array(0); // artist dictionary id, NONE: no artist
  wordStart = new Int32Array(0); // slot s's words: wordIds[wordStart[s] .. wordStart[s + 1])
  wordIds = new IntList();
  titleKeys: string[] = [];
  manufacturerKeys: Array<string | null> = [];

  readonly slotOf = new Map<number, number>();
  words = new Dictionary();
  artists = new Dictionary();
  wordPostings: IntList[] = [];
  artistPostings: IntList[] = [];
  /** The 'Did you mean' vocabulary: each word of 4+ letters of titles, artists and makers, and its slots. */
  vocabulary = new Map<string, IntList>();
  readonly owners = new IndexOwners();
  manufacturerPostings = new Map<number, IntList>();
  difficultyPostings: IntList[] = [];
  conditionPostings: IntList[] = [];
  readonly orders = new Map<SortOption, IntList>();
  /** Positions in each order, built when first needed after a change (browse-index-order.ts ranks). */
  readonly rankings = new Map<SortOption, Int32Array>();
  /** The rankings a change made out of date: rebuilt in place when next needed. */
  readonly staleRankings = new Set<SortOption>();

  // Per-question scratch (a question runs synchronously): stamps for the dictionaries, bit sets
  // for slots (browse-index-lists.ts).
  stamp = 0;
  readonly matched = new IntList();
  /** The slots matched so far. */
  matchedMarks = new Int32Array(0);
  /** The slots the search finds (when the plan marks them). */
  searchMarks = new Int32Array(0);
  wordStamp = new Int32Array(0);
  artistStamp = new Int32Array(0);
  ownerStamp = new Int32Array(0);

  /** How many listings the store holds. */
  get size(): number {
    return this.slotOf.size;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.facets[slot] = this.facets[slot]! & ~STATE_MASK; // DEAD
    this.dead++;
    this.slotOf.delete(id);
  }

  /** Puts the listing in the next slot (the caller places it in the orders). */
  add(listing: IndexedListing): number {
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
    const difficulty = DIFFICULTY_CODES.get(listing.difficulty) ?? CODE_MASK;
    (this.difficultyPostings[difficulty] ??= new IntList()).push(s);
    const condition = CONDITION_CODES.get(listing.condition) ?? CODE_MASK;
    (this.conditionPostings[condition] ??= new IntList()).push(s);
    const owner = this.owners.numberFor(listing.userId);
    this.facets[s] =
      (this.owners.hidden[owner] ? HIDDEN : SHOWN) |
      (difficulty << DIFFICULTY_SHIFT) |
      (condition << CONDITION_SHIFT) |
      (listing.complete ? COMPLETE_BIT : 0) |
      (listing.inPerson ? IN_PERSON_BIT : 0);
    this.owner[s] = owner;
    this.owners.postings[owner]!.push(s);
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
    const facets = this.facets[s]!;
    return {
      id: this.ids[s]!,
      userId: this.owners.facts[this.owner[s]!]!.id,
      listedAt: this.listedAt[s]!,
      titleKey: this.titleKeys[s]!,
      pieces: this.pieces[s]!,
      points: this.points[s]!,
      year: year === NONE ? null : year,
      manufacturerId: manufacturerId === NONE ? null : manufacturerId,
      manufacturerKey: this.manufacturerKeys[s]!,
      difficulty: LISTING_DIFFICULTIES[(facets >> DIFFICULTY_SHIFT) & CODE_MASK] ?? '',
      condition: LISTING_CONDITIONS[(facets >> CONDITION_SHIFT) & CODE_MASK] ?? '',
      complete: (facets & COMPLETE_BIT) !== 0,
      artistKey: artist === NONE ? null : this.artists.strings[artist]!,
      searchText: words.join(' '),
      inPerson: (facets & IN_PERSON_BIT) !== 0,
    };
  }

  grow(capacity: number): void {
    this.capacity = capacity;
    const resized = <T extends Int32Array | Uint16Array | Float64Array>(a: T, n = capacity): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a.subarray(0, Math.min(a.length, n)));
      return b;
    };
    this.ids = resized(this.ids);
    this.facets = resized(this.facets);
    this.listedAt = resized(this.listedAt);
    this.pieces = resized(this.pieces);
    this.points = resized(this.points);
    this.year = resized(this.year);
    this.manufacturerIds = resized(this.manufacturerIds);
    this.owner = resized(this.owner);
    this.artist = resized(this.artist);
    this.wordStart = resized(this.wordStart, capacity + 1);
    this.matchedMarks = bitSetFor(capacity);
    this.searchMarks = bitSetFor(capacity);
  }

  /**
   * Renumbers the live slots from 0 into arrays of `capacity`, keeping every order (which
   * needs no sorting) and dropping words and artists no listing has any more.
   */
  compact(capacity: number): void {
    const renumber = new Int32Array(this.used).fill(NONE);
    const live: IndexedListing[] = [];
    for (let s = 0; s < this.used; s++) {
      if ((this.facets[s]! & STATE_MASK) === DEAD) continue;
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
    this.owners.clearPostings();
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
