import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RequestListing } from '../types';
import { tradeKeys } from './query-keys';

/** GET /api/puzzle-listings/{id}, read for the Request Puzzle dialog's deep link (/trades?request=…). */
export function getRequestListing(id: number): Promise<RequestListing> {
  return api.get<RequestListing>(`/api/puzzle-listings/${id}`);
}

export const requestListingQueryOptions = (id: number) =>
  queryOptions({ queryKey: tradeKeys.requestListing(id), queryFn: () => getRequestListing(id) });

export function useRequestListing(id: number | null) {
  return useQuery({ ...requestListingQueryOptions(id ?? 0), enabled: id !== null });
}
