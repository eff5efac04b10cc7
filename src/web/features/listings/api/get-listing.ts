import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Listing } from '../types';
import { listingKeys } from './query-keys';

/** GET /api/puzzle-listings/{id}: public for active listings, the owner's alone otherwise. */
export function getListing(id: number): Promise<Listing> {
  return api.get<Listing>(`/api/puzzle-listings/${id}`);
}

export const listingQueryOptions = (id: number) =>
  queryOptions({ queryKey: listingKeys.detail(id), queryFn: () => getListing(id) });

export function useListing(id: number | null) {
  return useQuery({ ...listingQueryOptions(id ?? 0), enabled: id !== null });
}
