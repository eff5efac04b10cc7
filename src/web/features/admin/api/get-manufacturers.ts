import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/manufacturers: every manufacturer, with how many listings use it. */
export function getManufacturers() {
  return api.call('GET /api/admin/manufacturers');
}

export const manufacturersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.manufacturers, queryFn: getManufacturers });

export function useManufacturers() {
  return useQuery(manufacturersQueryOptions());
}
