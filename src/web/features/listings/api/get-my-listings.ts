import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';

/** GET /api/puzzle-listings/my-listings: every listing of the signed-in member. */
export function getMyListings() {
  return api.call('GET /api/puzzle-listings/my-listings');
}

export const myListingsQueryOptions = () => queryOptions({ queryKey: listingKeys.mine, queryFn: getMyListings });

export function useMyListings() {
  return useQuery(myListingsQueryOptions());
}
