import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/stats: the signed-in member's trading figures. */
export function getStats() {
  return api.call('GET /api/stats');
}

export const statsQueryOptions = () => queryOptions({ queryKey: ['dashboard', 'stats'], queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
