import { DEAD, HIDDEN, IntList, SHOWN, STATE_MASK } from './browse-index-lists';

// The browse index's owners (browse-index.ts): each listing owner's facts, numbered densely so
// a slot holds its owner's number, with the owner's slots listed (ownerPostings).
//
// Suspensions (docs/product/administration.md#suspensions) and time away (docs/product/trust.md#away,
// the same shape: hidden between two instants). A suspended member's listings stay in the index but are hidden
// while the suspension is in force, as browse-query.ts's ownerNotSuspended hides them: the
// owner's facts carry the suspension, and each answer first brings the hidden marks up to its
// clock, which costs nothing until the next moment a suspension starts counting or ends. So a
// suspension with an end date ends by itself at that moment, on every process, with no
// change to read; testing a listing stays one look at its state.
//
// A new fact about owners goes into IndexedOwner (browse-index-sync.ts reads it), and is
// read here by owner number: `facts[n]`, or a typed array beside it if a question's pass over
// the listings needs it.

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
  /** The owner's point (users.latitude/longitude), for distances; null when unknown. */
  latitude: number | null;
  longitude: number | null;
  /** users.suspended_at IS NOT NULL */
  suspended: boolean;
  /** users.suspended_until in milliseconds since 1970 (null: none, until further notice). */
  suspendedUntil: number | null;
  /** users.away_from and away_until in milliseconds since 1970 (null: not away; docs/product/trust.md#away). */
  awayFrom: number | null;
  awayUntil: number | null;
};

/**
 * Whether an owner's listings are hidden at `now` (ms since 1970): isSuspended's rule
 * (src/domain/admin.ts), in force while suspended and the end, if any, is still ahead; or
 * isAway's (src/domain/trust.ts), from away_from until away_until.
 */
function hiddenAt(owner: IndexedOwner, now: number): boolean {
  const suspended = owner.suspended && (owner.suspendedUntil ?? Infinity) > now;
  const away = owner.awayFrom !== null && owner.awayUntil !== null && owner.awayFrom <= now && now < owner.awayUntil;
  return suspended || away;
}

/** The next moment after `now` at which hiddenAt may answer otherwise (Infinity: none). */
function nextChangeAfter(owner: IndexedOwner, now: number): number {
  const moments = [owner.suspended ? owner.suspendedUntil : null, owner.awayFrom, owner.awayUntil];
  return Math.min(...moments.map((t) => (t !== null && t > now ? t : Infinity)));
}

function sameFacts(a: IndexedOwner, b: IndexedOwner): boolean {
  return (Object.keys(a) as (keyof IndexedOwner)[]).every((key) => a[key] === b[key]);
}

/** An owner whose marks can change with time: suspended, or with a time away set. */
function timed(owner: IndexedOwner): boolean {
  return owner.suspended || owner.awayUntil !== null;
}

/** The owners known to the index, by owner number, and which of them are hidden now. */
export class IndexOwners {
  readonly facts: IndexedOwner[] = [];
  private readonly numbers = new Map<number, number>();
  /** Each owner's slots (dead ones included until the next compaction). */
  postings: IntList[] = [];
  /** Whether each owner's slots are marked HIDDEN now. */
  readonly hidden: boolean[] = [];
  /** Owners suspended or away (now or later), or marked hidden: the only ones whose marks can change with time. */
  private readonly timedOwners = new Set<number>();
  /** The marks are right from `hiddenAsOf` until `nextHiddenChange`, unless a suspension changed. */
  private hiddenAsOf = -Infinity;
  private nextHiddenChange = Infinity;
  private hiddenStale = false;
  /** Bumped whenever an owner's facts change (what is worked out from them may be kept till then). */
  version = 0;

  /** The owner's number, if the index knows the owner. */
  numberOf(userId: number): number | undefined {
    return this.numbers.get(userId);
  }

  set(owner: IndexedOwner): void {
    let n = this.numbers.get(owner.id);
    if (n === undefined) {
      n = this.facts.length;
      this.numbers.set(owner.id, n);
      this.facts.push(owner);
      this.postings.push(new IntList());
      this.hidden.push(false);
      this.version++;
    } else {
      // Every listing change reads its owner's facts again, nearly always unchanged: what was
      // worked out from them (each place's distances to every owner) stays good then.
      if (!sameFacts(this.facts[n]!, owner)) this.version++;
      this.facts[n] = owner;
    }
    // Marked at the next answer, against its clock (a suspension lifted unmarks them then).
    if (timed(owner)) this.timedOwners.add(n);
    if (this.timedOwners.has(n)) this.hiddenStale = true;
  }

  /** The owner's number, adding an owner with no facts (location unknown) if need be. */
  numberFor(userId: number): number {
    if (!this.numbers.has(userId))
      this.set({
        id: userId,
        town: null,
        area: null,
        outward: null,
        shown: true,
        latitude: null,
        longitude: null,
        suspended: false,
        suspendedUntil: null,
        awayFrom: null,
        awayUntil: null,
      });
    return this.numbers.get(userId)!;
  }

  /** Empties every owner's slot list (the slots are being renumbered). */
  clearPostings(): void {
    this.postings = this.facts.map(() => new IntList());
  }

  /**
   * Marks the listings of the owners suspended or away at `now` HIDDEN and the others' SHOWN
   * in `facets` (the slots' packed facts, browse-index-lists.ts). Only when a suspension or time away changed, or `now`
   * reached the next moment one starts or ends (or went back).
   */
  hideSuspendedAsOf(now: number, facets: Uint16Array): void {
    if (!this.hiddenStale && now >= this.hiddenAsOf && now < this.nextHiddenChange) return;
    let next = Infinity;
    for (const n of this.timedOwners) {
      const owner = this.facts[n]!;
      const hide = hiddenAt(owner, now);
      if (hide !== this.hidden[n]) this.mark(n, hide, facets);
      next = Math.min(next, nextChangeAfter(owner, now));
      // An owner no longer suspended nor away is unmarked once and forgotten; an ended
      // suspension or time away is kept, as a clock set back would bring it into force again.
      if (!timed(owner)) this.timedOwners.delete(n);
    }
    this.hiddenAsOf = now;
    this.nextHiddenChange = next;
    this.hiddenStale = false;
  }

  private mark(n: number, hide: boolean, facets: Uint16Array): void {
    this.hidden[n] = hide;
    const slots = this.postings[n]!;
    for (let i = 0; i < slots.length; i++) {
      const s = slots.items[i]!;
      const f = facets[s]!;
      if ((f & STATE_MASK) !== DEAD) facets[s] = (f & ~STATE_MASK) | (hide ? HIDDEN : SHOWN);
    }
  }
}
