import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Manufacturer } from '../../../../domain/manufacturers';

/** GET /api/manufacturers/active: the brands a member can choose as preferred. */
export function getActiveManufacturers(): Promise<Manufacturer[]> {
  return api.get<Manufacturer[]>('/api/manufacturers/active');
}

export const activeManufacturersQueryOptions = () =>
  queryOptions({ queryKey: ['manufacturers', 'active'], queryFn: getActiveManufacturers });

export function useActiveManufacturers() {
  return useQuery(activeManufacturersQueryOptions());
}
