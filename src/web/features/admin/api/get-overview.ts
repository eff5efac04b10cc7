import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/overview: the club at a glance, with the points conservation figures. */
export function getOverview(): Promise<AdminOverview> {
  return api.get<AdminOverview>('/api/admin/overview');
}

export const overviewQueryOptions = () => queryOptions({ queryKey: adminKeys.overview, queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
