import type { SortOption } from '../../domain/constants';
import { NONE, type IntList } from './browse-index-lists';
import type { IndexStore } from './browse-index-store';

// The browse index's sort orders (browse-index.ts). Each sort order keeps its slots in order,
// maintained by binary insertion, so a page in any order is a walk from the front, and a range
// of pieces, points or years is a stretch of its order. The orders are exactly
// browse-query.ts's sortKeys: each key, then the newest id first (oldest: the oldest id
// first); text in COLLATE "C" order; no year or manufacturer last.

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

/** The sort's order on slots (over the store's arrays as they are now: make one per use). */
export function comparator(store: IndexStore, sort: SortOption): (a: number, b: number) => number {
  const id = store.ids;
  const idDesc = (a: number, b: number) => id[b]! - id[a]!;
  const t = store.titleKeys;
  const m = store.manufacturerKeys;
  const listed = store.listedAt;
  const pieces = store.pieces;
  const points = store.points;
  const year = store.year;
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
    case 'distance':
      // Never a stored order (see browse-index-distance.ts); here the ties' order.
      return idDesc;
  }
}

/** The first position from `from` in `order` whose slot fails `holds` (which holds for a prefix). */
export function firstNot(order: IntList, holds: (slot: number) => boolean, from: number): number {
  let lo = from;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(order.items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function insertOrdered(order: IntList, slot: number, compare: (a: number, b: number) => number): void {
  const at = firstNot(order, (s) => compare(s, slot) < 0, 0);
  order.push(slot);
  order.items.copyWithin(at + 1, at, order.length - 1);
  order.items[at] = slot;
}

/**
 * The `k` smallest of `keys`, ascending (all of them when there are fewer). A page needs the
 * first few of many matches: keeping the k smallest in a heap costs about one comparison a
 * key, where sorting them all costs log n.
 */
export function smallest(keys: Float64Array, k: number): Float64Array {
  const n = keys.length;
  if (k <= 0) return new Float64Array(0);
  if (k * 4 >= n) return keys.sort().subarray(0, Math.min(k, n));
  // A max-heap of the k smallest seen so far: heap[0] is the largest of them.
  const heap = keys.slice(0, k);
  const siftDown = (from: number) => {
    for (let i = from; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < k && heap[l]! > heap[top]!) top = l;
      if (r < k && heap[r]! > heap[top]!) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(i);
  for (let i = k; i < n; i++) {
    if (keys[i]! >= heap[0]!) continue;
    heap[0] = keys[i]!;
    siftDown(0);
  }
  return heap.sort();
}

/**
 * Each slot's position in the sort's order, rebuilt after the order changed: in the array it
 * already has while that is big enough (every slot in the order is written; the others are
 * never asked). A new array for every sort at every change was most of the garbage browse made
 * on a club evening, with a change every few dozen milliseconds (docs/performance.md, 'What a
 * change costs browse').
 */
export function ranks(store: IndexStore, sort: SortOption): Int32Array {
  let rank = store.rankings.get(sort);
  if (!rank || store.staleRankings.has(sort)) {
    if (!rank || rank.length < store.capacity) rank = new Int32Array(store.capacity);
    const order = store.orders.get(sort)!;
    for (let i = 0; i < order.length; i++) rank[order.items[i]!] = i;
    store.rankings.set(sort, rank);
    store.staleRankings.delete(sort);
  }
  return rank;
}
