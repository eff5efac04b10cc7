// The browse index's building blocks (browse-index.ts): a growable list of slot numbers, a
// dictionary of strings with a trigram index, and the marks a slot or a filter carries.

/** Unset: no year, no manufacturer, no artist, no filter; also 'done' for a cursor. */
export const NONE = -1;

// A slot's state: a listing gone (changed, no longer active), one browse shows, or one whose
// owner is hidden now (suspended; browse-index-owners.ts).
export const DEAD = 0;
export const SHOWN = 1;
export const HIDDEN = 2;

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

/** `stamps`, or a copy at least `length` long (stamp arrays grow with their dictionary). */
export function ensure(stamps: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (stamps.length >= length) return stamps;
  const bigger = new Int32Array(Math.max(length, stamps.length * 2, 64));
  bigger.set(stamps);
  return bigger;
}
