import { DEAD, HIDDEN, IntList, SHOWN } from './browse-index-lists';

// The browse index's owners (browse-index.ts): each listing owner's facts, numbered densely so
// a slot holds its owner's number, with the owner's slots listed (ownerPostings).
//
// Suspensions (docs/product/administration.md#suspensions). A suspended member's listings stay in the index but are hidden
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
};

/**
 * Until when an owner's listings are hidden (ms since 1970): isSuspended's rule
 * (src/domain/admin.ts), in force while suspended and the end, if any, is still ahead.
 */
function hiddenUntil(owner: IndexedOwner): number {
  return owner.suspended ? (owner.suspendedUntil ?? Infinity) : 0;
}

/** The owners known to the index, by owner number, and which of them are hidden now. */
export class IndexOwners {
  readonly facts: IndexedOwner[] = [];
  private readonly numbers = new Map<number, number>();
  /** Each owner's slots (dead ones included until the next compaction). */
  postings: IntList[] = [];
  /** Whether each owner's slots are marked HIDDEN now. */
  readonly hidden: boolean[] = [];
  /** Owners suspended, or marked hidden: the only ones whose marks can change with time. */
  private readonly suspendedOwners = new Set<number>();
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
    this.version++;
    let n = this.numbers.get(owner.id);
    if (n === undefined) {
      n = this.facts.length;
      this.numbers.set(owner.id, n);
      this.facts.push(owner);
      this.postings.push(new IntList());
      this.hidden.push(false);
    } else {
      this.facts[n] = owner;
    }
    // Marked at the next answer, against its clock (a suspension lifted unmarks them then).
    if (owner.suspended) this.suspendedOwners.add(n);
    if (this.suspendedOwners.has(n)) this.hiddenStale = true;
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
      });
    return this.numbers.get(userId)!;
  }

  /** Empties every owner's slot list (the slots are being renumbered). */
  clearPostings(): void {
    this.postings = this.facts.map(() => new IntList());
  }

  /**
   * Marks the listings of the owners suspended at `now` HIDDEN and the others' SHOWN in
   * `state` (the slots' states). Only when a suspension changed, or `now` reached the next
   * moment one ends (or went back).
   */
  hideSuspendedAsOf(now: number, state: Uint8Array): void {
    if (!this.hiddenStale && now >= this.hiddenAsOf && now < this.nextHiddenChange) return;
    let next = Infinity;
    for (const n of this.suspendedOwners) {
      const until = hiddenUntil(this.facts[n]!);
      const hide = until > now;
      if (hide !== this.hidden[n]) this.mark(n, hide, state);
      if (hide) next = Math.min(next, until);
      // An owner no longer suspended is unmarked once and forgotten; an ended suspension is
      // kept, as a clock set back would bring it into force again.
      if (!this.facts[n]!.suspended) this.suspendedOwners.delete(n);
    }
    this.hiddenAsOf = now;
    this.nextHiddenChange = next;
    this.hiddenStale = false;
  }

  private mark(n: number, hide: boolean, state: Uint8Array): void {
    this.hidden[n] = hide;
    const slots = this.postings[n]!;
    for (let i = 0; i < slots.length; i++) {
      const s = slots.items[i]!;
      if (state[s] !== DEAD) state[s] = hide ? HIDDEN : SHOWN;
    }
  }
}
