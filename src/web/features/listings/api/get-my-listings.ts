import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';
import type { Listing } from '../../../../domain/listings';

/** GET /api/puzzle-listings/my-listings: every listing of the signed-in member. */
export function getMyListings(): Promise<Listing[]> {
  return api.get<Listing[]>('/api/puzzle-listings/my-listings');
}

export const myListingsQueryOptions = () => queryOptions({ queryKey: listingKeys.mine, queryFn: getMyListings });

export function useMyListings() {
  return useQuery(myListingsQueryOptions());
}
