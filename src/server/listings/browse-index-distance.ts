import { greatCircleMiles, type GeoPoint } from '../../domain/near';
import type { IndexAnswer } from './browse-index-answer';
import type { IntList } from './browse-index-lists';
import { smallest } from './browse-index-order';
import type { IndexStore } from './browse-index-store';

// Distance in the browse index (browse-index.ts; docs/product/near-me.md#browse-by-distance).
// Distances are the owners': each owner's point is in their facts (browse-index-owners.ts), so
// a question measures each owner once, with greatCircleMiles, the formula the SQL path writes
// out term for term (browse-query.ts, distanceMilesSql), and both keep the same listings.

// A member turning pages asks from the same point again and again: each point's owner miles
// and nearest-first owner order are kept until an owner's facts change.
const KEPT_ORIGINS = 64;
type Measured = {
  version: number;
  miles: Float64Array;
  /** The owners nearest first, and each owner's place in that order (owners at one distance share it). */
  nearest?: number[];
  rank?: Int32Array;
};
const measured = new WeakMap<IndexStore, Map<string, Measured>>();

function measure(store: IndexStore, origin: GeoPoint | undefined): Measured {
  let kept = measured.get(store);
  if (!kept) measured.set(store, (kept = new Map()));
  const key = origin ? `${origin.latitude},${origin.longitude}` : '';
  const hit = kept.get(key);
  if (hit && hit.version === store.owners.version) return hit;
  const fresh: Measured = { version: store.owners.version, miles: measureOwners(store, origin) };
  kept.delete(key);
  kept.set(key, fresh);
  if (kept.size > KEPT_ORIGINS) kept.delete(kept.keys().next().value!);
  return fresh;
}

/** Each owner's miles from `origin` (NaN: no point, or no origin), by owner number. */
export function ownerMiles(store: IndexStore, origin: GeoPoint | undefined): Float64Array {
  return measure(store, origin).miles;
}

function measureOwners(store: IndexStore, origin: GeoPoint | undefined): Float64Array {
  const facts = store.owners.facts;
  const miles = new Float64Array(facts.length);
  for (let n = 0; n < facts.length; n++) {
    const o = facts[n]!;
    miles[n] =
      o.latitude === null || o.longitude === null || origin === undefined
        ? NaN
        : greatCircleMiles(origin, { latitude: o.latitude, longitude: o.longitude });
  }
  return miles;
}

/** The owners nearest first (those without a point last), and each one's rank in that order. */
function nearestOwners(m: Measured): { nearest: number[]; rank: Int32Array } {
  if (!m.nearest || !m.rank) {
    const { miles } = m;
    // NaN (no point) sorts after every distance.
    const key = (n: number) => (Number.isNaN(miles[n]!) ? Infinity : miles[n]!);
    // Every owner (one without listings now may have some by the next question).
    const nearest = Array.from({ length: miles.length }, (_, n) => n).sort((a, b) => key(a) - key(b));
    const rank = new Int32Array(miles.length);
    for (let i = 0, r = 0; i < nearest.length; i++) {
      if (i > 0 && key(nearest[i]!) !== key(nearest[i - 1]!)) r = i;
      rank[nearest[i]!] = r;
    }
    [m.nearest, m.rank] = [nearest, rank];
  }
  return { nearest: m.nearest, rank: m.rank };
}

const ID_SPAN = 2 ** 31;

/**
 * The listing ids of `limit` of these slots from `offset`, in 'Nearest first' order (owners
 * without a point last, then newest id). Each slot is one number, its owner's rank times 2^31
 * plus how far its id is below 2^31 (exact in a double), so the page is the smallest numbers,
 * found without sorting every match (measured: docs/performance.md, 'Cheaper varied questions').
 */
export function byDistance(
  store: IndexStore,
  origin: GeoPoint | undefined,
  slots: IntList,
  offset: number,
  limit: number,
): number[] {
  const { rank } = nearestOwners(measure(store, origin));
  const { ids, owner } = store;
  const keys = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const s = slots.items[i]!;
    keys[i] = rank[owner[s]!]! * ID_SPAN + (ID_SPAN - 1 - ids[s]!);
  }
  return [...smallest(keys, offset + limit).subarray(offset)].map((key) => ID_SPAN - 1 - (key % ID_SPAN));
}

/**
 * 'Nearest first': the owners by distance (those without a point last), each run of owners at
 * the same distance giving its matching listings newest id first, as the SQL path's order
 * (owner's distance, NULLS LAST, then id DESC). `matches(slot)` tests a listing against the
 * rest of the question. Counts up to `need`, then stops.
 */
export function nearestFirst(
  store: IndexStore,
  origin: GeoPoint | undefined,
  matches: (slot: number) => boolean,
  offset: number,
  limit: number,
  need: number,
): IndexAnswer {
  const { nearest: owners, rank } = nearestOwners(measure(store, origin));
  const { postings } = store.owners;
  const ids: number[] = [];
  let found = 0;
  const group: number[] = [];
  for (let i = 0; i < owners.length && found < need;) {
    const r = rank[owners[i]!]!;
    group.length = 0;
    for (; i < owners.length && rank[owners[i]!] === r; i++) {
      const slots = postings[owners[i]!]!;
      for (let j = 0; j < slots.length; j++) {
        const s = slots.items[j]!;
        if (matches(s)) group.push(store.ids[s]!);
      }
    }
    group.sort((a, b) => b - a);
    for (const id of group) {
      if (found >= need) break;
      if (found >= offset && ids.length < limit) ids.push(id);
      found++;
    }
  }
  return { ids, matches: found };
}
