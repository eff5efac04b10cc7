import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';

/** GET /api/manufacturers/active: the brands a listing can name. */
export function getActiveManufacturers() {
  return api.call('GET /api/manufacturers/active');
}

export function useActiveManufacturers() {
  return useQuery(queryOptions({ queryKey: listingKeys.manufacturers, queryFn: getActiveManufacturers }));
}
