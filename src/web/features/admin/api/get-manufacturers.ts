import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminManufacturer } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/manufacturers: every manufacturer, with how many listings use it. */
export function getManufacturers(): Promise<AdminManufacturer[]> {
  return api.get<AdminManufacturer[]>('/api/admin/manufacturers');
}

export const manufacturersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.manufacturers, queryFn: getManufacturers });

export function useManufacturers() {
  return useQuery(manufacturersQueryOptions());
}
