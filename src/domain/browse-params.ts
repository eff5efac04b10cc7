// The browse page's filters as it counts them and writes them into a link, in a file without
// Zod: the page draws its first answer before any schema arrives (docs/performance.md,
// 'Lighthouse 95'). browse.ts (the question's schema, the reference rule) re-exports all of it.
import { BROWSE_PAGE_SIZE, DEFAULT_SORT } from './constants';
import type { SortOption } from './constants';
import type { BrowseFilters } from './browse';

export const blank = (s: string | undefined): boolean => s === undefined || s.trim() === '';

// Counts every filter the member has set, search, location, distance and hand-over included:
// each one is something 'Clear All Filters' would reset. Sort and paging are not filters and
// never count.
export function countActiveFilters(filters: BrowseFilters): number {
  const f = filters;
  const set = [
    !blank(f.q),
    f.difficulty !== undefined,
    f.condition !== undefined,
    f.manufacturerId !== undefined,
    f.minPieces !== undefined,
    f.maxPieces !== undefined,
    !blank(f.artist),
    f.year !== undefined,
    f.minPoints !== undefined,
    f.maxPoints !== undefined,
    f.completeOnly === true,
    !blank(f.location),
    f.maxDistance !== undefined,
    f.handover !== undefined,
  ];
  return set.filter(Boolean).length;
}

// The 'No puzzles found' clear button resets only these (docs/product/screens.md#browse).
export const NO_RESULTS_RESET_KEYS = [
  'q',
  'difficulty',
  'condition',
  'manufacturerId',
  'sort',
  'minPieces',
  'maxPieces',
] as const;

// Query string for fetches and share links; defaults are left out to keep URLs short.
export function browseQueryToParams(
  query: BrowseFilters & { sort?: SortOption; page?: number; pageSize?: number },
): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined) return;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  };
  put('q', query.q);
  put('difficulty', query.difficulty);
  put('condition', query.condition);
  put('manufacturerId', query.manufacturerId);
  put('minPieces', query.minPieces);
  put('maxPieces', query.maxPieces);
  put('artist', query.artist);
  put('year', query.year);
  put('minPoints', query.minPoints);
  put('maxPoints', query.maxPoints);
  if (query.completeOnly === true) out.completeOnly = 'true';
  put('location', query.location);
  put('maxDistance', query.maxDistance);
  put('handover', query.handover);
  if (query.sort !== undefined && query.sort !== DEFAULT_SORT) out.sort = query.sort;
  if (query.page !== undefined && query.page !== 1) put('page', query.page);
  if (query.pageSize !== undefined && query.pageSize !== BROWSE_PAGE_SIZE) {
    put('pageSize', query.pageSize);
  }
  return out;
}
