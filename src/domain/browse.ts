// Browse (docs/product/listings.md#browse-filters): the question's schema, the filters, the
// reference rule and order that the SQL path and the in-memory index must agree with, and the
// query string of a browse link.

import { z } from 'zod';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from './enums';
import type { Handover, ListingCondition, ListingDifficulty } from './enums';
import {
  BROWSE_PAGE_SIZE,
  BROWSE_PAGE_SIZE_MAX,
  CLASSIC_BEFORE_YEAR,
  DEFAULT_SORT,
  LISTING_ARTIST_MAX,
  RECENT_FROM_YEAR,
  SORT_OPTIONS,
  VINTAGE_FROM_YEAR,
  VINTAGE_TO_YEAR,
  YEAR_GROUPS,
} from './constants';
import type { SortOption, YearGroup } from './constants';
import { idQueryField, pageParam, queryParam, textField } from './fields';
import { searchForms } from './forgiving-search';
import { blank } from './browse-params';
import {
  DISTANCE_MAX_MILES,
  DISTANCE_MIN_MILES,
  greatCircleMiles,
  HANDOVER_FILTERS,
  matchesHandover,
  type GeoPoint,
  type HandoverFilter,
} from './near';

// What the browse page needs before any schema, in a file without Zod (docs/performance.md,
// 'Lighthouse 95'): the count of filters set, the query string of a browse link.
export * from './browse-params';

export type YearFilter = YearGroup | number;

// Select boxes commonly send 'all' for "no choice"; treat it as not set.
export function choiceParam(value: unknown): unknown {
  const v = queryParam(value);
  return typeof v === 'string' && v.toLowerCase() === 'all' ? undefined : v;
}

export function intParam(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    queryParam,
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, { error: message })
      .transform(Number)
      .pipe(z.number().min(min, { error: message }).max(max, { error: message }))
      .optional(),
  );
}

function textParam(label: string, max: number) {
  return z.preprocess(
    queryParam,
    textField(label)
      .max(max, { error: `${label} must be at most ${max} characters` })
      .optional(),
  );
}

const YEAR_MESSAGE = 'Year must be recent, vintage, classic or a 4-digit year';

export const browseQuerySchema = z.object({
  q: textParam('Search', 200),
  difficulty: z.preprocess(
    choiceParam,
    z.enum(LISTING_DIFFICULTIES, { error: `Difficulty must be one of: ${LISTING_DIFFICULTIES.join(', ')}` }).optional(),
  ),
  condition: z.preprocess(
    choiceParam,
    z.enum(LISTING_CONDITIONS, { error: `Condition must be one of: ${LISTING_CONDITIONS.join(', ')}` }).optional(),
  ),
  manufacturerId: z.preprocess(queryParam, idQueryField('Manufacturer').optional()),
  minPieces: intParam('Min pieces', 0, 1_000_000),
  maxPieces: intParam('Max pieces', 0, 1_000_000),
  artist: textParam('Artist', LISTING_ARTIST_MAX),
  year: z.preprocess(
    choiceParam,
    z
      .string({ error: YEAR_MESSAGE })
      .regex(/^(recent|vintage|classic|\d{4})$/i, { error: YEAR_MESSAGE })
      .transform((v): YearFilter => {
        const lower = v.toLowerCase();
        return (YEAR_GROUPS as readonly string[]).includes(lower) ? (lower as YearGroup) : Number(v);
      })
      .optional(),
  ),
  minPoints: intParam('Min points', 0, 1_000_000),
  maxPoints: intParam('Max points', 0, 1_000_000),
  completeOnly: z.preprocess(
    queryParam,
    z
      .enum(['true', 'false'], { error: "completeOnly must be 'true' or 'false'" })
      .optional()
      .transform((v) => v === 'true'),
  ),
  location: textParam('Location', 100),
  // Miles from Location's postcode, or the member's own (docs/product/near-me.md#browse-by-distance).
  maxDistance: intParam('Max distance', DISTANCE_MIN_MILES, DISTANCE_MAX_MILES),
  handover: z.preprocess(choiceParam, z.enum(HANDOVER_FILTERS, { error: "Hand-over must be 'in_person'" }).optional()),
  sort: z.preprocess(
    choiceParam,
    z.enum(SORT_OPTIONS, { error: `Sort must be one of: ${SORT_OPTIONS.join(', ')}` }).default(DEFAULT_SORT),
  ),
  page: pageParam(),
  pageSize: z.preprocess(
    queryParam,
    z
      .string({ error: `Page size must be a whole number from 1 to ${BROWSE_PAGE_SIZE_MAX}` })
      .regex(/^\d{1,9}$/, { error: `Page size must be a whole number from 1 to ${BROWSE_PAGE_SIZE_MAX}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: `Page size must be a whole number from 1 to ${BROWSE_PAGE_SIZE_MAX}` })
          .max(BROWSE_PAGE_SIZE_MAX, {
            error: `Page size must be a whole number from 1 to ${BROWSE_PAGE_SIZE_MAX}`,
          }),
      )
      .optional()
      .transform((v) => v ?? BROWSE_PAGE_SIZE),
  ),
});
export type BrowseQuery = z.output<typeof browseQuerySchema>;

// The filter part of a browse query: what matchesBrowseFilters and countActiveFilters read.
export interface BrowseFilters {
  q?: string;
  difficulty?: ListingDifficulty;
  condition?: ListingCondition;
  manufacturerId?: number;
  minPieces?: number;
  maxPieces?: number;
  artist?: string;
  year?: YearFilter;
  minPoints?: number;
  maxPoints?: number;
  completeOnly?: boolean;
  location?: string;
  maxDistance?: number;
  handover?: HandoverFilter;
  /**
   * The point distances are measured from: Location's postcode, or the signed-in member's
   * own. Found by the server (never read from the query string); undefined when unknown.
   */
  origin?: GeoPoint;
}

/** A browse question as the server answers it: the query and the point distances are measured from. */
export type BrowseQuestion = BrowseQuery & { origin?: GeoPoint };

/**
 * Location is the centre of a distance search when one is asked (Max Distance or 'Nearest
 * first'); otherwise it keeps its older meaning, the text match of town or postcode area.
 */
export function distanceAsked(query: { maxDistance?: number; sort?: SortOption }): boolean {
  return query.maxDistance !== undefined || query.sort === 'distance';
}

/** Location as a text match of town or postcode area, when it is not a distance's centre. */
export function textLocation(query: BrowseFilters & { sort?: SortOption }): string | undefined {
  const location = query.location?.trim();
  return location && !distanceAsked(query) ? location : undefined;
}

/**
 * How far the owner is from the origin (exact miles), or null when either point is unknown.
 */
export function ownerDistance(ownerPoint: GeoPoint | null | undefined, origin: GeoPoint | undefined): number | null {
  return ownerPoint && origin ? greatCircleMiles(origin, ownerPoint) : null;
}

/**
 * The distance rule (docs/product/near-me.md#browse-by-distance): with Max Distance,
 * only owners with a point within that many miles of the origin, exactly.
 */
export function withinMaxDistance(distance: number | null, filters: BrowseFilters): boolean {
  if (filters.maxDistance === undefined) return true;
  return distance !== null && distance <= filters.maxDistance;
}

export interface BrowsableListing {
  title: string;
  subtitle?: string | null;
  artist?: string | null;
  description?: string | null;
  barcodeNumber?: string | null;
  manufacturerId?: number | null;
  manufacturerName?: string | null;
  difficulty?: ListingDifficulty | null;
  condition?: ListingCondition | null;
  yearOfManufacture?: number | null;
  pieces: number;
  puzzlePoints: number;
  missingPieces?: number | null;
  handover?: Handover;
}

// Inclusive bounds; 'classic' (before 1980) is therefore max 1979.
export function yearGroupRange(year: YearFilter): { min?: number; max?: number } {
  switch (year) {
    case 'recent':
      return { min: RECENT_FROM_YEAR };
    case 'vintage':
      return { min: VINTAGE_FROM_YEAR, max: VINTAGE_TO_YEAR };
    case 'classic':
      return { max: CLASSIC_BEFORE_YEAR - 1 };
    default:
      return { min: year, max: year };
  }
}

/** The texts a search word is looked for in; saved searches' match keys are made from the same. */
export function searchedTexts(listing: BrowsableListing): (string | null | undefined)[] {
  return [
    listing.title,
    listing.subtitle,
    listing.artist,
    listing.description,
    listing.barcodeNumber,
    listing.manufacturerName,
  ];
}

// Reference implementation of the browse semantics (docs/product/listings.md#browse-filters). Text matching is a plain
// case-insensitive substring (no wildcards), the search forgiving plurals
// (docs/decisions/0023-forgiving-search.md). Location and distance read the owner, not the
// listing: textLocation and withinMaxDistance above.

export function matchesBrowseFilters(listing: BrowsableListing, filters: BrowseFilters): boolean {
  const f = filters;
  if (!blank(f.q)) {
    // The search or, for a plural or singular last word, its other number (forgiving-search.ts).
    const needles = searchForms(f.q ?? '').map((form) => form.toLowerCase());
    const haystack = searchedTexts(listing);
    if (!haystack.some((text) => needles.some((needle) => (text ?? '').toLowerCase().includes(needle)))) return false;
  }
  if (f.difficulty !== undefined && listing.difficulty !== f.difficulty) return false;
  if (f.condition !== undefined && listing.condition !== f.condition) return false;
  if (f.manufacturerId !== undefined && listing.manufacturerId !== f.manufacturerId) return false;
  if (!blank(f.artist)) {
    const artist = listing.artist ?? '';
    if (artist.trim() === '') return false;
    if (!artist.toLowerCase().includes((f.artist ?? '').trim().toLowerCase())) return false;
  }
  if (f.year !== undefined) {
    const y = listing.yearOfManufacture;
    if (y === null || y === undefined) return false;
    const { min, max } = yearGroupRange(f.year);
    if ((min !== undefined && y < min) || (max !== undefined && y > max)) return false;
  }
  if (f.minPieces !== undefined && listing.pieces < f.minPieces) return false;
  if (f.maxPieces !== undefined && listing.pieces > f.maxPieces) return false;
  if (f.minPoints !== undefined && listing.puzzlePoints < f.minPoints) return false;
  if (f.maxPoints !== undefined && listing.puzzlePoints > f.maxPoints) return false;
  if (f.completeOnly === true && (listing.missingPieces ?? 0) !== 0) return false;
  if (!matchesHandover(listing.handover, f.handover)) return false;
  return true;
}

export interface SortableListing {
  id: number;
  title: string;
  pieces: number;
  puzzlePoints: number;
  manufacturerName?: string | null;
  yearOfManufacture?: number | null;
  createdAt: string | Date;
  publishedAt?: string | Date | null;
  /** Exact miles from the origin ('Nearest first'); null when the owner has no point. */
  distance?: number | null;
}

const time = (d: string | Date | null | undefined): number => (d ? new Date(d).getTime() : 0);
const listedAt = (l: SortableListing): number => time(l.publishedAt ?? l.createdAt);
const cmpNum = (a: number, b: number): number => a - b;
// Code-point order of lower-cased text, which SQL gets with lower(x) COLLATE "C".
const cmpText = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
function nullsLast<T>(a: T | null | undefined, b: T | null | undefined, cmp: (x: T, y: T) => number) {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  return cmp(a, b);
}

// Reference order for each sort option. "Newest" means most recently published (created, for
// a listing never published). Missing manufacturer or year sorts last. Ties fall back to id,
// descending, except 'oldest' which is ascending throughout, so paging is stable.
export function compareListings(sort: SortOption): (a: SortableListing, b: SortableListing) => number {
  const primary = (a: SortableListing, b: SortableListing): number => {
    switch (sort) {
      case 'newest':
        return listedAt(b) - listedAt(a);
      case 'oldest':
        return listedAt(a) - listedAt(b);
      case 'title-asc':
        return cmpText(a.title, b.title);
      case 'title-desc':
        return cmpText(b.title, a.title);
      case 'pieces-asc':
        return cmpNum(a.pieces, b.pieces);
      case 'pieces-desc':
        return cmpNum(b.pieces, a.pieces);
      case 'points-asc':
        return cmpNum(a.puzzlePoints, b.puzzlePoints);
      case 'points-desc':
        return cmpNum(b.puzzlePoints, a.puzzlePoints);
      case 'manufacturer':
        return nullsLast(a.manufacturerName, b.manufacturerName, cmpText);
      case 'year-newest':
        return nullsLast(a.yearOfManufacture, b.yearOfManufacture, (x, y) => y - x);
      case 'year-oldest':
        return nullsLast(a.yearOfManufacture, b.yearOfManufacture, cmpNum);
      case 'distance':
        return nullsLast(a.distance, b.distance, cmpNum);
    }
  };
  return (a, b) => primary(a, b) || (sort === 'oldest' ? a.id - b.id : b.id - a.id);
}
