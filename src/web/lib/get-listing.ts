import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/puzzle-listings/{id}: public for active listings, the owner's alone otherwise.
 * One fetcher and one cache entry for every feature that shows a listing (its page, the
 * Request Puzzle and Contact Owner deep links), so it is here rather than in one feature.
 */
export function getListing(id: number) {
  return api.call('GET /api/puzzle-listings/:id', { params: { id } });
}

export const listingQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.listing(id), queryFn: () => getListing(id) });

export function useListing(id: number | null) {
  return useQuery({ ...listingQueryOptions(id ?? 0), enabled: id !== null });
}
