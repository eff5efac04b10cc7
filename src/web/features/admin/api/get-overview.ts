import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/overview: the club at a glance, with the points conservation figures. */
export function getOverview() {
  return api.call('GET /api/admin/overview');
}

export const overviewQueryOptions = () => queryOptions({ queryKey: adminKeys.overview, queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
