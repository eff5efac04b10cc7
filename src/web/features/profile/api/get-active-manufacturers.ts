import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/manufacturers/active: the brands a member can choose as preferred. */
export function getActiveManufacturers() {
  return api.call('GET /api/manufacturers/active');
}

export const activeManufacturersQueryOptions = () =>
  queryOptions({ queryKey: ['manufacturers', 'active'], queryFn: getActiveManufacturers });

export function useActiveManufacturers() {
  return useQuery(activeManufacturersQueryOptions());
}
