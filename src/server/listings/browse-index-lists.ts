// The browse index's building blocks (browse-index.ts): a growable list of slot numbers, a
// dictionary of strings with a trigram index, and the marks a slot or a filter carries.

/** Unset: no year, no manufacturer, no artist, no filter; also 'done' for a cursor. */
export const NONE = -1;

// A slot's state: a listing gone (changed, no longer active), one browse shows, or one whose
// owner is hidden now (suspended; browse-index-owners.ts).
export const DEAD = 0;
export const SHOWN = 1;
export const HIDDEN = 2;

// A slot's state and its one-of-a-few facts, packed in one number (IndexStore.facets), so
// that testing a listing against them all reads one array, not five: at 100,000 listings a
// test's cost is mostly the arrays it reads (measured with the bit sets below:
// docs/performance.md, 'Cheaper varied questions'). Bits 0-1 the state, 2-4 the difficulty's code, 5-7 the condition's (7: a value
// the question cannot ask), 8 complete, 9 offered in person.
export const STATE_MASK = 0b11;
export const DIFFICULTY_SHIFT = 2;
export const CONDITION_SHIFT = 5;
export const CODE_MASK = 0b111;
export const COMPLETE_BIT = 1 << 8;
export const IN_PERSON_BIT = 1 << 9;

/** A growable list of numbers. */
export class IntList {
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
export class Dictionary {
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

/**
 * A set of slots as bits (32 a number). The per-question marks are bit sets, cleared for each
 * question, rather than a stamp a slot: at 100,000 listings the part a question touches is
 * 12.5 kB, which stays in the processor's cache while a question tests its slots in no
 * particular order, where a stamp array's was 400 kB (docs/performance.md, 'Cheaper varied
 * questions').
 */
export const bitSetFor = (capacity: number) => new Int32Array((capacity >>> 5) + 1);
export const hasBit = (bits: Int32Array, s: number) => (bits[s >>> 5]! & (1 << (s & 31))) !== 0;
export const setBit = (bits: Int32Array, s: number) => {
  bits[s >>> 5]! |= 1 << (s & 31);
};

/** `stamps`, or a copy at least `length` long (stamp arrays grow with their dictionary). */
export function ensure(stamps: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (stamps.length >= length) return stamps;
  const bigger = new Int32Array(Math.max(length, stamps.length * 2, 64));
  bigger.set(stamps);
  return bigger;
}
